import { join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { createDatabase } from './database';

// `npm run db:migrate`: apply pending migrations without starting the server (the server also
// applies them at start-up; this is for deploy pipelines that migrate first).
try {
  // npm runs workspace scripts inside apps/server; DATA_DIR stays relative to where `npm run` was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig({ ...process.env, DATA_DIR: resolve(cwd, process.env.DATA_DIR || './data') });
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'pg'),
  });
  await database.close();
  console.log(`Migrations applied (${database.kind}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
