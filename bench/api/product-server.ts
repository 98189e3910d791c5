// Child process of bench/api/run.ts: the real product (`startServer`, as `npm start` runs it) on a
// temporary data folder with the sandbox network, signed in through the real magic-link flow (a
// capturing mailer hands us the code). Sends the URL and the credentials to the parent over IPC.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../apps/server/src/main';
import { createCapturingMailer } from '../../apps/server/src/test/capturing-mailer';

export interface BenchCredentials {
  token: string;
  /** `Cookie` header: the session and csrftoken cookies. */
  cookie: string;
  csrf: string;
}

export interface ProductReady {
  url: string;
  reader: BenchCredentials;
  bystander: BenchCredentials;
  accounts: number;
  startSeconds: number;
  /** The reader's team (for the team's campaigns list). */
  teamSlug: string;
}

const accounts = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const dataDir = mkdtempSync(join(tmpdir(), 'murmur-bench-api-'));
const mailer = createCapturingMailer();
const started = performance.now();
const server = await startServer({
  env: {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SANDBOX_ACCOUNTS: String(accounts),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // The reader is internal staff, so that it can give itself creator access (SPEC §6) to save audiences.
    STAFF_EMAIL_DOMAINS: 'bench.test',
  },
  mailer,
});
const { url } = server;

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(`${url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** The real sign-in: request a code, read it from the captured mail, exchange it. */
async function signIn(email: string): Promise<BenchCredentials> {
  const requested = await call('/api/user/magic-link/', { method: 'POST', body: JSON.stringify({ email }) });
  const { magic_code } = (await requested.json()) as { magic_code: string };
  const code = /^ {4}([A-Z0-9]{6})$/m.exec(mailer.last(email).text)?.[1];
  if (!code) throw new Error(`no sign-in code in the mail to ${email}`);
  const used = await call('/api/user/magic-link/use/', {
    method: 'POST',
    body: JSON.stringify({ magic_code, confirm_code: code }),
  });
  const { key } = (await used.json()) as { key: string };
  const cookies = Object.fromEntries(
    used.headers.getSetCookie().map((c) => {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
  const session = cookies.murmur_session;
  const csrf = cookies.csrftoken;
  if (!session || !csrf) throw new Error('sign-in set no session cookies');
  return { token: key, cookie: `murmur_session=${session}; csrftoken=${csrf}`, csrf };
}

// The estimate and the saved audiences need the engine; the bench starts once it has indexed.
for (;;) {
  const status = (await (await call('/api/engine/status/')).json()) as { state: string; message: string };
  if (status.state === 'ready') break;
  if (status.state === 'failed') throw new Error(`engine failed: ${status.message}`);
  await new Promise((r) => setTimeout(r, 250));
}

const reader = await signIn('reader@bench.test');
const bystander = await signIn('bystander@bench.test');
// A personal list of a few saved audiences for the list read (saving what one built needs the
// Audience_creator group, which staff give).
await call('/api/staff/user-groups/', {
  method: 'POST',
  headers: { authorization: `Token ${reader.token}` },
  body: JSON.stringify({ email: 'reader@bench.test', group: 'Audience_creator' }),
});
for (const [i, label] of ['en', 'ja', 'es', 'pt', 'fr'].entries()) {
  await call('/api/audience-configs/', {
    method: 'POST',
    headers: { authorization: `Token ${reader.token}` },
    body: JSON.stringify({ name: `Bench audience ${i + 1}`, targeting_package: { languages: [{ label }] } }),
  });
}

// A team of the reader's, for the team list and the team's (empty) campaigns list.
const team = (await (
  await call('/api/teams/', {
    method: 'POST',
    headers: { authorization: `Token ${reader.token}` },
    body: JSON.stringify({ name: 'Bench team' }),
  })
).json()) as { slug: string };

const ready: ProductReady = {
  url,
  reader,
  bystander,
  accounts,
  startSeconds: (performance.now() - started) / 1000,
  teamSlug: team.slug,
};
process.send?.(ready);

process.once('SIGTERM', () => {
  void server.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
