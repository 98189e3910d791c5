import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../db/database';

/**
 * A fresh, migrated database for one test file. PGlite in memory by default; with DATABASE_URL (CI)
 * a new PostgreSQL database on that server, dropped afterwards, so files can run in parallel.
 *
 * A database rather than a schema per file: drizzle-kit writes foreign keys as
 * REFERENCES "public"."users", so tables migrated into another schema via search_path would point
 * back into public. A database isolates the same committed migrations without rewriting them.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return createDatabase({});

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
    async close() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
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
