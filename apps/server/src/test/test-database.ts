import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, dumpMigratedPglite, MIGRATIONS_FOLDER, type Database } from '../db/database';

/**
 * A fresh, migrated database for one test file. PGlite in memory by default; with DATABASE_URL (CI)
 * a new PostgreSQL database on that server, dropped afterwards, so files can run in parallel.
 *
 * A database rather than a schema per file: drizzle-kit writes foreign keys as
 * REFERENCES "public"."users", so tables migrated into another schema via search_path would point
 * back into public. A database isolates the same committed migrations without rewriting them.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) return createDatabase({ pgliteTemplate: await migratedTemplate() });

  const name = `murmur_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE "${name}"`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  let database: Database;
  try {
    database = await createDatabase({ databaseUrl: testUrl.toString() });
  } catch (error) {
    await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    throw error;
  }
  return {
    ...database,
    url: testUrl.toString(),
    async close() {
      await database.close();
      await waitForNoConnections(url, name);
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/**
 * pool.end() resolves before every backend has gone; dropping WITH (FORCE) meanwhile would terminate
 * a connection the pool is still closing, which surfaces as an uncaught error in the test run.
 */
async function waitForNoConnections(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const { rows } = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0]?.n === '0') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The migrated PGlite template, shared by every test file through a file in the temporary folder
 * keyed by the migrations' content (a changed migration makes a new template). Written under a
 * unique name and renamed, so parallel workers never read half a file.
 */
export async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  const path = join(tmpdir(), `murmur-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(path)) {
    const dump = Buffer.from(await (await dumpMigratedPglite()).arrayBuffer());
    const partial = `${path}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, dump);
    renameSync(partial, path);
  }
  return new Blob([readFileSync(path)]);
}
