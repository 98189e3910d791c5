import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Once per run: an embedded database (PGlite) created and migrated by the server's own code, kept
 * as a folder that every journey server starts from (server.ts copies it into its DATA_DIR). PGlite's
 * initdb and the migrations cost most of a server's start-up CPU; opening a copy skips both, and
 * the server's own migration step still runs (and finds nothing to do). Removed after the run.
 */
export default async function globalSetup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-e2e-run-'));
  const pgDir = join(dir, 'pg');
  const script = [
    "import { createDatabase } from './apps/server/src/db/database.ts';",
    'const database = await createDatabase({ pgliteDir: process.env.E2E_TEMPLATE_PG_DIR });',
    'await database.close();',
  ].join('\n');
  await new Promise<void>((resolveRun, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, E2E_TEMPLATE_PG_DIR: pgDir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolveRun() : reject(new Error(`Creating the database template failed (exit ${code})`)),
    );
  });
  // Workers inherit the runner's environment. The servers' data folders go in the same folder
  // (server.ts), so that the end of the run removes them even if a server could not.
  process.env.E2E_PGLITE_TEMPLATE = pgDir;
  process.env.E2E_RUN_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
