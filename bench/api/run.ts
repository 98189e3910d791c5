// npm run bench:api — the HTTP API under load (the serving path): a bare Fastify hello and the product
// (`startServer`, sandbox of BENCH_ACCOUNTS accounts, temporary DATA_DIR) side by side, each in its
// own child process, driven by autocannon from this one. Then a flood of signed-out insights jobs
// while a signed-in bystander estimates. Writes bench/results/api.json. A benchmark, not a test.
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DISTINCT_PACKAGES, estimateBody } from './estimate-packages';
import { flood, type FloodResult } from './flood';
import { load, type LoadCase, type LoadResult } from './load';
import type { ProductReady } from './product-server';
import { cpuOf, SERVE_FLAGS, startChild, stop } from './server-child';

const here = dirname(fileURLToPath(import.meta.url));
const resultsFile = join(here, '../results/api.json');
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_DURATION ?? 15);
const CONNECTIONS = [50, 200];
/**
 * BENCH_ONLY: comma-separated parts of case names; only the cases naming one run (the bare hello
 * always does), e.g. `BENCH_ONLY=list,page` for the database reads alone.
 */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const chosen = (c: LoadCase) =>
  !ONLY || c.name === 'bare hello' || ONLY.some((part) => c.name.includes(part));
const log = (line: string) => console.log(line);
const load1 = () => loadavg()[0]!.toFixed(2);

/**
 * A load run with the server's CPU time per answered request: the load-independent figure (the
 * machine is shared, so req/s moves with the neighbours' work; a request's CPU much less).
 */
async function measure(c: LoadCase, connections: number, server: ChildProcess): Promise<Measured> {
  const before = await cpuOf(server);
  const r = await load(c, connections, SECONDS);
  const after = await cpuOf(server);
  return { ...r, cpuMicros: (after - before) / Math.max(1, r.requests) };
}
type Measured = LoadResult & { cpuMicros: number };

const logDir = mkdtempSync(join(tmpdir(), 'murmur-bench-api-logs-'));
log(
  `load average at start: ${load1()} on ${cpus().length} CPUs; servers run with node ${SERVE_FLAGS.join(' ')}; logs in ${logDir}`,
);
const hello = await startChild<{ url: string }>(join(here, 'hello-server.ts'), join(logDir, 'hello.log'));
log(`starting the product (sandbox ${process.env.BENCH_ACCOUNTS ?? 100_000} accounts) …`);
const product = await startChild<ProductReady>(join(here, 'product-server.ts'), join(logDir, 'product.log'));
const p = product.ready;
log(
  `product ready in ${p.startSeconds.toFixed(1)} s (engine indexed, two users signed in, ${p.followers} followers synced) at ${p.url}`,
);
{
  // What the product spends with nothing to answer (timers, the engine's threads): part of every
  // case's CPU per request, at a few µs per request for a second of a case's thousands of requests.
  const before = await cpuOf(product.child);
  await new Promise((r) => setTimeout(r, 2000));
  log(`product idle: ${((await cpuOf(product.child)) - before) / 2000} ms of CPU per second`);
}

const token = { authorization: `Token ${p.reader.token}` };
const allCases: LoadCase[] = [
  { name: 'bare hello', url: `${hello.ready.url}/` },
  { name: 'GET /api/user/me/ (token)', url: `${p.url}/api/user/me/`, headers: token },
  { name: 'GET /api/user/me/ (cookie)', url: `${p.url}/api/user/me/`, headers: { cookie: p.reader.cookie } },
  {
    name: 'POST /api/build-audience/ (estimate)',
    url: `${p.url}/api/build-audience/`,
    method: 'POST',
    headers: token,
    body: { targeting_package: { languages: [{ label: 'en' }], keywords: [{ label: 'music' }] } },
  },
  // The honest figure: a different package every request (the one above is answered from the
  // server's short-lived estimate cache after its first request).
  {
    name: `POST /api/build-audience/ (estimate, ${DISTINCT_PACKAGES} distinct packages, uncached)`,
    url: `${p.url}/api/build-audience/`,
    method: 'POST',
    headers: token,
    bodies: { count: DISTINCT_PACKAGES, at: estimateBody },
  },
  ...databaseReads(p, ''),
];
const cases = allCases.filter(chosen);

/**
 * The database-backed reads (bench/README.md "The saved list and the other database reads"), on the
 * product `r`; `suffix` names the database.
 */
function databaseReads(r: ProductReady, suffix: string): LoadCase[] {
  const headers = { authorization: `Token ${r.reader.token}` };
  return [
    {
      name: `GET /api/audience-configs/ (saved list${suffix})`,
      url: `${r.url}/api/audience-configs/`,
      headers,
    },
    { name: `GET /api/teams/ (team list${suffix})`, url: `${r.url}/api/teams/`, headers },
    {
      name: `GET /api/campaigns/ (campaigns list${suffix})`,
      url: `${r.url}/api/campaigns/?team=${r.teamSlug}`,
      headers,
    },
    {
      name: `GET /api/external/deepthought/followers/ (Deep Thought followers page${suffix})`,
      url: `${r.url}/api/external/deepthought/followers/`,
      headers,
    },
  ];
}

/**
 * A product figure beside the bare hello measured just before it: the machine's load drifts. CPU per
 * request (µs) of the server answering, and of the bare hello in that neighbouring run.
 */
type Row = Measured & { bareReqPerSec: number; bareCpuMicros: number };
const results: Row[] = [];
let floodResult: FloodResult | undefined;
try {
  const [bareCase] = cases;
  for (const c of cases) {
    await load(c, 10, 1); // warm-up: JIT, connection set-up, caches
    for (const connections of CONNECTIONS) {
      const bare = c === bareCase ? undefined : await measure(bareCase!, connections, hello.child);
      const r = await measure(c, connections, c === bareCase ? hello.child : product.child);
      results.push(row(r, bare ?? r));
    }
  }
  if (FLOOD_SECONDS > 0) {
    log(`flood: 40 signed-out generate-insights clients for ${FLOOD_SECONDS} s, bystander estimating …`);
    floodResult = await flood({
      url: p.url,
      bystanderToken: p.bystander.token,
      clients: 40,
      seconds: FLOOD_SECONDS,
    });
  }
  await stop(product.child);
  await postgresReads();
} finally {
  await Promise.all([stop(hello.child), stop(product.child)]);
}

/** A product run beside its bare hello, logged as it comes. */
function row(r: Measured, bare: Measured): Row {
  log(
    `  ${r.name} @${r.connections}: ${r.reqPerSec.toFixed(0)} req/s (bare hello just before: ${bare.reqPerSec.toFixed(0)}), p99 ${r.p99} ms; server CPU ${r.cpuMicros.toFixed(1)} µs/request (bare ${bare.cpuMicros.toFixed(1)}) (load ${load1()})`,
  );
  return { ...r, bareReqPerSec: bare.reqPerSec, bareCpuMicros: bare.cpuMicros };
}

/**
 * The database-backed reads again with the product on PostgreSQL (where production runs): a fresh
 * database on BENCH_POSTGRES_URL's server (default: this machine's), dropped afterwards. Skipped, with a
 * line saying so, when that server cannot be reached or BENCH_POSTGRES=0.
 */
async function postgresReads(): Promise<void> {
  if (process.env.BENCH_POSTGRES === '0') return;
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    log(`PostgreSQL not measured: ${adminUrl} cannot be reached (${(error as Error).message})`);
    return;
  }
  const name = `murmur_bench_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  try {
    log(`starting the product on PostgreSQL (${name}) …`);
    const onPg = await startChild<ProductReady>(
      join(here, 'product-server.ts'),
      join(logDir, 'product-postgres.log'),
      {
        ...process.env,
        DATABASE_URL: databaseUrl,
      },
    );
    try {
      for (const c of databaseReads(onPg.ready, ', PostgreSQL').filter(chosen)) {
        await load(c, 10, 1);
        for (const connections of CONNECTIONS) {
          const bare = await measure(cases[0]!, connections, hello.child);
          results.push(row(await measure(c, connections, onPg.child), bare));
        }
      }
    } finally {
      await stop(onPg.child);
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const ratio = (r: Row) => r.reqPerSec / r.bareReqPerSec;
/** The same ratio from CPU per request: how fast the product would be beside the hello on a core of its own. */
const cpuRatio = (r: Row) => r.bareCpuMicros / r.cpuMicros;
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

log('');
log(
  '| case | connections | req/s | bare hello just before | vs bare | CPU µs/request | bare hello CPU µs/request | CPU vs bare | p50 ms | p99 ms | errors | non-2xx |',
);
log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  log(
    `| ${r.name} | ${r.connections} | ${r.reqPerSec.toFixed(0)} | ${r.bareReqPerSec.toFixed(0)} | ${pct(ratio(r))} | ${r.cpuMicros.toFixed(1)} | ${r.bareCpuMicros.toFixed(1)} | ${pct(cpuRatio(r))} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
  );
}
const f = floodResult;
if (f) {
  log('');
  log(
    `flood: POST statuses ${JSON.stringify(f.floodStatuses)}, ${f.jobsFinished} reports finished, ${f.floodErrors} flood errors`,
  );
  for (const [name, l] of [
    ['bystander estimate', f.bystanderEstimate],
    ['bystander engine status', f.bystanderStatus],
  ] as const) {
    log(
      `  ${name}: p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(0)} ms, n=${l.count}, errors ${l.errors}`,
    );
  }
}

// Targets (the serving path), judged at every connection count against the bare hello measured just before.
const of = (name: string) => results.filter((r) => r.name.startsWith(name));
/** The req/s ratios, then the CPU-per-request ones (the load-independent version; not judged). */
const withCpu = (rows: Row[]) =>
  `${rows.map((r) => pct(ratio(r))).join(' / ')} (by CPU per request: ${rows.map((r) => `${pct(cpuRatio(r))}, ${r.cpuMicros.toFixed(1)} µs`).join(' / ')})`;
const targets = [
  {
    target: 'token read ≥ 50 % of bare hello req/s',
    pass: of('GET /api/user/me/ (token)').every((r) => ratio(r) >= 0.5),
    value: withCpu(of('GET /api/user/me/ (token)')),
  },
  {
    target: 'estimate ≥ 25 % of bare hello req/s, distinct packages (uncached)',
    pass: of('POST /api/build-audience/ (estimate, ').every((r) => ratio(r) >= 0.25),
    value: withCpu(of('POST /api/build-audience/ (estimate, ')),
  },
  {
    target: 'estimate ≥ 25 % of bare hello req/s, one package repeated (cached)',
    pass: of('POST /api/build-audience/ (estimate)').every((r) => ratio(r) >= 0.25),
    value: withCpu(of('POST /api/build-audience/ (estimate)')),
  },
  {
    target: 'saved list on PGlite ≥ 3 % of bare hello req/s, p99 < 500 ms',
    pass: of('GET /api/audience-configs/ (saved list)').every((r) => ratio(r) >= 0.03 && r.p99 < 500),
    value: of('GET /api/audience-configs/ (saved list)')
      .map((r) => `${pct(ratio(r))} p99 ${r.p99} ms`)
      .join(' / '),
  },
  {
    target: 'saved list on PostgreSQL ≥ 25 % of bare hello req/s, p99 < 50 ms at 200 connections',
    pass:
      of('GET /api/audience-configs/ (saved list, PostgreSQL)').length > 0 &&
      of('GET /api/audience-configs/ (saved list, PostgreSQL)').every(
        (r) => ratio(r) >= 0.25 && (r.connections < 200 || r.p99 < 50),
      ),
    value:
      of('GET /api/audience-configs/ (saved list, PostgreSQL)')
        .map((r) => `${pct(ratio(r))} p99 ${r.p99} ms`)
        .join(' / ') || 'not run',
  },
  {
    target: 'bystander estimate p50 < 50 ms during the flood',
    pass: f !== undefined && f.bystanderEstimate.p50 < 50,
    value: f ? `${f.bystanderEstimate.p50.toFixed(1)} ms` : 'not run',
  },
  {
    target: '0 errors (benchmarked routes and the bystander)',
    pass:
      results.every((r) => r.errors === 0 && r.non2xx === 0) &&
      f !== undefined &&
      f.bystanderEstimate.errors + f.bystanderStatus.errors === 0,
    value: `${results.reduce((n, r) => n + r.errors + r.non2xx, 0)} + ${f ? f.bystanderEstimate.errors + f.bystanderStatus.errors : '?'}`,
  },
];
log('');
for (const t of targets) log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.value}`);

mkdirSync(dirname(resultsFile), { recursive: true });
writeFileSync(
  resultsFile,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadAverageAtEnd: loadavg(),
      accounts: p.accounts,
      secondsPerCase: SECONDS,
      cases: results.map((r) => ({ ...r, vsBare: ratio(r), cpuVsBare: cpuRatio(r) })),
      flood: floodResult,
      targets,
    },
    null,
    2,
  )}\n`,
);
log(`\nwrote ${resultsFile}`);
