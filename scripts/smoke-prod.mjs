// The production smoke test (CI, after the PostgreSQL run): the compiled server, started as an
// operator starts it (`node apps/server/dist/main.mjs`, NODE_ENV=production), against this machine's
// PostgreSQL (a fresh database, dropped afterwards) and Redis, with the sandbox explicitly enabled as
// the stand-in for X. It waits for /readyz, signs in with the mailed code (a real SMTP sink), builds
// and saves an audience, runs its insights, reads /metrics, then sends SIGTERM while a request is in
// flight and checks that the request completed and the process exited 0.
//   node scripts/smoke-prod.mjs      (builds the server first)
// Tracing is on, to a stand-in OTLP collector here, which must receive the requests' and queries' spans.
// The live path runs as in production (docs/LIVE.md): the server's collector reads the sandbox's X
// streams into a JetStream stream of this run's own (LIVE_STREAM, deleted afterwards, with the
// collector's checkpoint bucket) on this machine's NATS, and the live engine follows it: the run checks
// that events reach the index (GET /api/engine/status/, /readyz's `live`, the checkpoint written).
// SMOKE_DATABASE_URL (an existing database to connect to for CREATE/DROP DATABASE), SMOKE_REDIS_URL,
// SMOKE_NATS_URL (default nats://127.0.0.1:4222; without a NATS with JetStream there the live checks are
// skipped, and said so).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect as connectNats } from '@nats-io/transport-node';
import pg from 'pg';
import { register } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const seconds = (from = started) => ((performance.now() - from) / 1000).toFixed(1);
const say = (line) => console.log(`smoke-prod [${seconds()} s] ${line}`);
const fail = (message) => {
  throw new Error(message);
};

// The e2e suite's SMTP sink and mail reader: the same code path a user's sign-in takes.
const tsx = register({ namespace: 'murmur-smoke' });
const { startSmtpSink } = await tsx.import('../e2e/support/smtp-sink.ts', import.meta.url);
const { isSignInMail, signInCodeFrom } = await tsx.import('../e2e/support/mail.ts', import.meta.url);
const { SANDBOX_DEV_CREDENTIALS } = await tsx.import(
  '../packages/core/src/dev-credentials/index.ts',
  import.meta.url,
);

const adminUrl = process.env.SMOKE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.SMOKE_REDIS_URL ?? 'redis://127.0.0.1:6379';
const natsUrl = process.env.SMOKE_NATS_URL ?? 'nats://127.0.0.1:4222';
// This run's own live stream (subjects murmur.live.<stream>.*), beside the machine's MURMUR_LIVE.
const liveStream = `MURMUR_SMOKE_${process.pid}_${randomBytes(3).toString('hex')}`;
const nats = await connectNats({ servers: natsUrl, timeout: 2000 }).catch(() => null);
const jsm = nats ? await jetstreamManager(nats).catch(() => null) : null;
if (jsm) await jsm.streams.delete(liveStream).catch(() => undefined);
// The very command the image runs: the `server` stage's CMD in the Dockerfile (WORKDIR /app = the root).
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const serverStage = dockerfile.slice(dockerfile.search(/^FROM \S+ AS server$/m));
const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(serverStage)?.[1] ?? 'null');
if (!Array.isArray(cmd) || cmd[0] !== 'node') throw new Error('no `CMD ["node", …]` in the server stage');
// Always rebuilt (about a second), so that a stale dist/ is never what passes.
say('building the server');
const built = spawnSync(process.execPath, [join(root, 'apps/server/build.mjs')], { stdio: 'inherit' });
if (built.status !== 0) fail('the server build failed');

const database = `murmur_smoke_${process.pid}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).href;
const dataDir = mkdtempSync(join(tmpdir(), 'murmur-smoke-'));
const sink = await startSmtpSink();
const metricsToken = randomBytes(24).toString('hex');
const traces = [];
const collector = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    if (req.url === '/v1/traces') traces.push(Buffer.concat(chunks).toString('latin1'));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise((resolve) => collector.listen(0, '127.0.0.1', resolve));
let child;
let log = '';

try {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  say(`starting the Dockerfile's command: ${cmd.join(' ')}`);
  const spawnedAt = performance.now();
  child = spawn(process.execPath, cmd.slice(1), {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: sink.url,
      PRO_TARGETING_TOKEN: randomBytes(16).toString('hex'),
      METRICS_TOKEN: metricsToken,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.address().port}`,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      // Saving an audience one built needs creator access (SPEC §6), off by default in production.
      CREATOR_ACCESS_FOR_NEW_USERS: 'true',
      SANDBOX_ENABLED: 'true',
      SANDBOX_ACCOUNTS: '5000',
      ENGINE_WORKERS: '1',
      ...(jsm && {
        LIVE_NATS_URL: natsUrl,
        LIVE_STREAM: liveStream,
        // The sandbox's app stands in for an Enterprise X app; its clock at ×60 so events flow.
        X_STREAM_BEARER_TOKEN: SANDBOX_DEV_CREDENTIALS.x.bearerToken,
        SANDBOX_CLOCK_SPEED: '60',
      }),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));

  // Ready: every dependency answers and the engine has loaded.
  let ready;
  const deadline = Date.now() + 60_000;
  while (!ready) {
    if (child.exitCode !== null) fail(`the server exited with ${child.exitCode} before it was ready`);
    if (Date.now() > deadline) fail('the server was not ready within 60 s');
    const res = await fetch(`${base}/readyz`).catch(() => undefined);
    if (res?.status === 200) ready = await res.json();
    else await new Promise((r) => setTimeout(r, 100));
  }
  const listening = /Murmur is listening/.test(log);
  say(
    `ready after ${seconds(spawnedAt)} s: ${JSON.stringify(ready.checks)}${listening ? '' : ' (no start-up line?)'}`,
  );
  if (!ready.checks.redis) fail('/readyz did not check Redis although REDIS_URL is set');
  if ((await fetch(`${base}/healthz`)).status !== 200) fail('/healthz is not 200');

  const api = async (method, path, body, headers = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  // Sign in with the code the server mailed (SPEC §9 magic link).
  const email = `smoke-${process.pid}@example.com`;
  const asked = await api('POST', '/api/user/magic-link/', { email });
  if (asked.status !== 200) fail(`magic-link: ${asked.status} ${JSON.stringify(asked.body)}`);
  const mail = await sink.waitFor(isSignInMail(email));
  const used = await api('POST', '/api/user/magic-link/use/', {
    magic_code: asked.body.magic_code,
    confirm_code: signInCodeFrom(mail),
  });
  if (used.status !== 200) fail(`magic-link use: ${used.status} ${JSON.stringify(used.body)}`);
  const auth = { authorization: `Token ${used.body.key}` };
  say(`signed in as ${email}`);

  // The live path: the sandbox's streams → the server's collector → this run's JetStream stream →
  // the live engine. Events must reach the index and the collector must write its checkpoint.
  if (jsm) {
    if (ready.checks.live !== 'ok' || ready.checks.nats !== 'ok')
      fail(`/readyz does not check the live path and its NATS: ${JSON.stringify(ready.checks)}`);
    const liveFrom = performance.now();
    let status;
    const liveDeadline = Date.now() + 20_000;
    for (;;) {
      status = (await api('GET', '/api/engine/status/', undefined, auth)).body;
      const applied = status?.partitions?.some((p) => p.lastEventAt !== null);
      if (applied && status.freshness?.state === 'live') break;
      if (Date.now() > liveDeadline)
        fail(`no live event reached the index within 20 s: ${JSON.stringify(status)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const stored = (await jsm.streams.info(liveStream)).state.messages;
    if (stored === 0) fail(`the live stream ${liveStream} holds no event`);
    const coverage = await (await new Kvm(nats).open(`${liveStream}_COLLECTOR`)).get('coverage');
    if (coverage?.operation !== 'PUT') fail(`the collector wrote no checkpoint in ${liveStream}_COLLECTOR`);
    const readyz = await (await fetch(`${base}/readyz`)).json();
    if (readyz.checks?.live !== 'ok') fail(`/readyz's live check: ${JSON.stringify(readyz)}`);
    const lag = status.partitions
      .map((p) => `${p.partition}: ${p.lagEvents} events, ${p.behindMs} ms`)
      .join('; ');
    say(
      `live: ${stored} events in ${liveStream}, applied (${lag}), freshness ${status.freshness.state}, ` +
        `checkpoint written, in ${seconds(liveFrom)} s`,
    );
  } else say(`live path skipped: no NATS with JetStream at ${natsUrl}`);

  // Build, save, and run insights on the saved audience.
  const targeting_package = { keywords: [{ label: 'soccer' }, { label: 'music' }] };
  const estimate = await api('POST', '/api/build-audience/', { targeting_package }, auth);
  if (estimate.status !== 200) fail(`build-audience: ${estimate.status} ${JSON.stringify(estimate.body)}`);
  const saved = await api('POST', '/api/audience-configs/', { name: 'Smoke test', targeting_package }, auth);
  if (saved.status !== 201) fail(`save: ${saved.status} ${JSON.stringify(saved.body)}`);
  const listed = await api('GET', '/api/audience-configs/', undefined, auth);
  if (!listed.body?.results?.some((c) => c.id === saved.body.id)) fail('the saved audience is not listed');
  const insights = await api(
    'POST',
    '/api/audience-configs/insights/?wait=1',
    { audience_config_id: saved.body.id },
    auth,
  );
  if (insights.body?.job?.state !== 'done') {
    fail(`insights: ${insights.status} ${JSON.stringify(insights.body)}`);
  }
  const stored = await api('GET', `/api/audience-insight/${saved.body.id}/`, undefined, auth);
  if (stored.status !== 200) fail(`stored insights: ${stored.status}`);
  say(`built (${estimate.body.sample_count} sample accounts), saved #${saved.body.id}, insights done`);

  // Metrics: protected, and counting what just happened.
  if ((await fetch(`${base}/metrics`)).status !== 404) fail('/metrics answers without the token');
  const metrics = await (
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  for (const expected of [
    /http_request_duration_seconds_count\{method="POST",route="\/api\/audience-configs\/",status="201"\} 1/,
    /^murmur_engine_ready 1$/m,
    /^murmur_jobs\{state="queued"\} \d+$/m,
    /^murmur_mail_outbox_pending \d+$/m,
    ...(jsm ? [/^murmur_live_lag_events\{partition="0"\} \d+$/m] : []),
  ]) {
    if (!expected.test(metrics)) fail(`/metrics lacks ${expected}`);
  }
  say('metrics read');

  // Drain: a request whose body is still arriving when SIGTERM comes must be answered in full.
  const body = JSON.stringify({ targeting_package });
  const inFlight = new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}/api/build-audience/`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    setTimeout(() => {
      child.kill('SIGTERM');
      setTimeout(() => req.end(body.slice(10)), 500);
    }, 300);
  });
  const answer = await inFlight;
  const exit = await exited;
  if (answer.status !== 200) fail(`the in-flight request got ${answer.status}: ${answer.text}`);
  if (exit.code !== 0) fail(`the server exited with ${exit.code ?? exit.signal} after SIGTERM`);
  if (!/SIGTERM received, shutting down/.test(log)) fail('no shutdown line in the log');
  say('SIGTERM: the in-flight request was answered and the process exited 0');
  // Spans are sent in batches, the last at shutdown.
  const spans = traces.join('\n');
  for (const expected of ['pg.query', '/api/audience-configs/']) {
    if (!spans.includes(expected))
      fail(`no span mentions ${expected} (${traces.length} trace exports received)`);
  }
  say(`tracing: ${traces.length} OTLP exports with the requests' and queries' spans`);
  say(`passed in ${seconds()} s`);
} catch (error) {
  console.error(`smoke-prod: FAILED: ${error instanceof Error ? error.message : error}`);
  console.error('--- server log (last 4000 characters) ---');
  console.error(log.slice(-4000));
  process.exitCode = 1;
} finally {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await sink.close();
  collector.close();
  // Other sessions may still hold the database for a moment after a kill.
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
  if (jsm) {
    await jsm.streams.delete(liveStream).catch(() => undefined);
    await jsm.streams.delete(`KV_${liveStream}_COLLECTOR`).catch(() => undefined);
  }
  await nats?.close();
  await tsx.unregister();
}
