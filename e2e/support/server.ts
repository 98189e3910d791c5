import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');
// Plain JavaScript: it is loaded into the compiled server too, which runs without tsx.
const CHILD_HOOKS = pathToFileURL(resolve(import.meta.dirname, 'server-child.mjs')).href;
/**
 * How the journeys start the server: the build `npm run test:e2e` has just made
 * (`apps/server/dist/main.mjs`, as an operator starts it: 15–30 % sooner ready than through tsx,
 * e2e/README "Measuring"), or with E2E_SERVER=source from `apps/server/src/main.ts` through tsx (a
 * run of `playwright test` on server code changed since the last build).
 */
const SERVER_ARGS =
  process.env.E2E_SERVER === 'source'
    ? ['--import', 'tsx', '--import', CHILD_HOOKS, 'apps/server/src/main.ts']
    : ['--import', CHILD_HOOKS, 'apps/server/dist/main.mjs'];

export interface RunningServer {
  url: string;
  log: () => string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts the real product (server + built web app) the way `npm start` serves it, on a fresh
 * embedded database in a temporary folder (a copy of the run's migrated template when there is
 * one), with mail going to the given SMTP URL.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const startedAt = Date.now();
  const port = await freePort();
  // Inside the run's folder (global-setup.ts), which goes at the end of the run whatever happened.
  const dataDir = mkdtempSync(join(process.env.E2E_RUN_DIR ?? tmpdir(), 'murmur-e2e-'));
  // The migrated database the run's global set-up made (global-setup.ts): the server opens a copy.
  const template = process.env.E2E_PGLITE_TEMPLATE;
  if (template) cpSync(template, join(dataDir, 'pg'), { recursive: true });
  const url = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      // A small sandbox network keeps start-up to a second; journeys that need more set their own.
      SANDBOX_ACCOUNTS: '2000',
      // The same network on every day the journeys run (npm start anchors at the wall clock's hour
      // and catches up to it; a pinned anchor does not).
      SANDBOX_ANCHOR: '2026-08-01T00:00:00Z',
      // A still, static network: the journeys assert figures; the live path has its own test
      // (apps/server/src/live/live-path.test.ts).
      SANDBOX_CLOCK_SPEED: '0',
      LIVE_ENABLED: 'false',
      ...env,
    },
    // stdin: a pipe whose end (this process exits, however) stops the server (server-child.mjs).
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/docs/json`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Server did not start within 240 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // E2E_TIMING_LOG=file: one line per start-up, to see what server start-ups cost a run (README).
  if (process.env.E2E_TIMING_LOG) {
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    appendFileSync(process.env.E2E_TIMING_LOG, `server started in ${seconds} s: ${JSON.stringify(env)}\n`);
  }

  return {
    url,
    log: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
