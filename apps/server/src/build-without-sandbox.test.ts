import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The production image's build (the Dockerfile: SERVER_WITHOUT_SANDBOX=true) holds no line of the
 * sandbox, the simulated X: product code never imports it, and the one dynamic import left says what
 * to configure instead. (The development build keeps the sandbox in chunks loaded on demand; CI's
 * production smoke test runs that one with the sandbox standing in for X.)
 */
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// Inside the workspace, so that the compiled code finds node_modules as dist/ does.
const out = join(serverDir, `dist-without-sandbox-${process.pid}`);
const dataDir = mkdtempSync(join(tmpdir(), 'murmur-no-sandbox-'));
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

interface Metafile {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}

describe('the server built without the sandbox', () => {
  it('contains none of it, and refuses to start with the sandbox enabled, saying why', () => {
    const built = spawnSync(process.execPath, [join(serverDir, 'build.mjs')], {
      env: { ...process.env, SERVER_WITHOUT_SANDBOX: 'true', SERVER_OUT: out },
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8')) as Metafile;
    const inputs = Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(inputs.length).toBeGreaterThan(100);
    expect(inputs.filter((i) => i.includes('apps/sandbox/') || i.startsWith('../sandbox/'))).toEqual([]);
    expect(readdirSync(out)).not.toContain('export-worker.mjs');

    // Development settings enable the sandbox by default: this build cannot, and says so.
    const started = spawnSync(process.execPath, [join(out, 'main.mjs')], {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SANDBOX_ENABLED: 'true',
      },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(started.status).not.toBe(0);
    expect(started.stderr + started.stdout).toContain('SERVER_WITHOUT_SANDBOX=true');
    expect(started.stderr + started.stdout).toContain('SANDBOX_ENABLED=false');
  }, 180_000);
});
