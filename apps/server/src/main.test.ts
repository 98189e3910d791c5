import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './main';
import { createCapturingMailer } from './test/capturing-mailer';

const dataDir = mkdtempSync(join(tmpdir(), 'murmur-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('startServer', () => {
  it('creates the PGlite data folder, migrates, listens, and closes cleanly', async () => {
    const mailer = createCapturingMailer();
    // An explicit environment: DATABASE_URL from CI must not leak in, this is the embedded default.
    const server = await startServer({
      env: {
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SANDBOX_ACCOUNTS: '2000',
        // npm start runs the sandbox's clock (real time by default); this test asks for a fast one to
        // see it move. Every other server test builds the app without a clock: it stands still.
        SANDBOX_CLOCK_SPEED: '3600',
      },
      mailer,
    });
    try {
      expect(server.database.kind).toBe('pglite');
      expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      const docs = await fetch(`${server.url}/api/docs/json`);
      expect(docs.status).toBe(200);
      // The sandbox network is generated at start-up and mounted under /sandbox.
      const sandbox = await fetch(`${server.url}/sandbox/`);
      const header = (await sandbox.json()) as { now: string };
      expect(header).toMatchObject({ format: 'murmur-sandbox-export', accounts: 2000 });
      // … and its clock runs: an hour of simulated time per second (asked until it has moved).
      const nowOf = async () =>
        ((await (await fetch(`${server.url}/sandbox/`)).json()) as { now: string }).now;
      await expect
        .poll(async () => Date.parse(await nowOf()), { timeout: 10_000, interval: 100 })
        .toBeGreaterThan(Date.parse(header.now));
      const requested = await fetch(`${server.url}/api/user/magic-link/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'main@example.com' }),
      });
      expect(requested.status).toBe(200);
      expect(mailer.last('main@example.com').subject).toMatch(/sign-in code/);
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/api/docs/json`)).rejects.toThrow();
    // A real initdb into a data folder: CPU-bound WebAssembly, tens of seconds on a loaded 2-core machine.
  }, 120_000);
});
