import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  createDatabase,
  dumpMigratedPglite,
  MIGRATIONS_FOLDER,
  pgliteBytea,
  pgliteDatabase,
  type Database,
} from '../db/database';

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
  if (!url) return pooledPglite();

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

/**
 * PGlite databases this worker's files have closed, emptied back to the migrated template's rows,
 * for the next file (a worker runs its files one after another and shares their modules: vitest's
 * `isolate: false`). Opening one from the template costs 1.1–1.8 s of CPU (unpacking the data folder,
 * starting PostgreSQL's backend); emptying one, a few milliseconds. A database is reused only if
 * its schema (tables, columns, indexes, constraints, triggers and whether they are enabled,
 * functions) is still the template's; a file that changed it, or closed the client, leaves it.
 */
const idle: PGlite[] = [];
const POOLED = Boolean(process.env.VITEST);
/** How many databases this worker has handed out again (its test reads it). */
export const pglitePool = {
  reused: 0,
  get idle(): number {
    return idle.length;
  },
};
/** What emptying puts back: the template's rows and sequences, and its schema's fingerprint. */
let template: Promise<TemplateState> | undefined;

interface TemplateState {
  tables: string[];
  rows: { table: string; json: string }[];
  /** One statement setting every sequence back to where the template left it. */
  sequences: string;
  fingerprint: string;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The public schema's shape, read from the catalogues (information_schema's views are slow). */
async function fingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ f: string }>(`
    SELECT md5(coalesce(string_agg(x, ',' ORDER BY x), '')) AS f FROM (
      SELECT 'c:' || a.attrelid::regclass::text || '.' || a.attname || ':' ||
             format_type(a.atttypid, a.atttypmod) || a.attnotnull::text || ':' ||
             coalesce(pg_get_expr(d.adbin, d.adrelid), '') AS x
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
      UNION ALL SELECT 't:' || tgrelid::regclass::text || '.' || tgname || tgenabled::text
        FROM pg_trigger WHERE NOT tgisinternal
      UNION ALL SELECT 'f:' || oid::regprocedure::text FROM pg_proc WHERE pronamespace = 'public'::regnamespace
      UNION ALL SELECT 'k:' || conrelid::regclass::text || '.' || conname || pg_get_constraintdef(oid)
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      UNION ALL SELECT 'r:' || relname || relkind::text FROM pg_class WHERE relnamespace = 'public'::regnamespace
      UNION ALL SELECT 'n:' || nspname FROM pg_namespace
    ) s`);
  return rows[0]!.f;
}

async function templateState(client: PGlite): Promise<TemplateState> {
  const tables = (
    await client.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public'`)
  ).rows.map((r) => r.t);
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const { rows: found } = await client.query<{ json: string | null }>(
      `SELECT json_agg(t)::text AS json FROM ${quoted(table)} t`,
    );
    if (found[0]?.json) rows.push({ table, json: found[0].json });
  }
  const { rows: sequences } = await client.query<{ name: string; value: string; called: boolean }>(
    `SELECT format('%I', sequencename) AS name, coalesce(last_value, start_value)::text AS value,
            last_value IS NOT NULL AS called
       FROM pg_sequences WHERE schemaname = 'public'`,
  );
  return {
    tables,
    rows,
    sequences: sequences.length
      ? `SELECT ${sequences.map((q) => `setval('${q.name}', ${q.value}, ${q.called})`).join(', ')}`
      : 'SELECT 1',
    fingerprint: await fingerprint(client),
  };
}

/**
 * Empties the database back to the template's rows: the tables holding a row and the seeded ones
 * truncated together, the seeded rows put back, every sequence set to the template's value, the
 * session's settings and advisory locks dropped. False if its schema is no longer the template's.
 */
async function emptied(client: PGlite): Promise<boolean> {
  if (client.closed || !template) return false;
  const state = await template;
  if ((await fingerprint(client)) !== state.fingerprint) return false;
  await client.exec(`RESET ALL; SELECT pg_advisory_unlock_all();`);
  const { rows } = await client.query<{ t: string }>(
    state.tables
      .map((t) => `SELECT '${t}' AS t WHERE EXISTS (SELECT 1 FROM ${quoted(t)})`)
      .join(' UNION ALL '),
  );
  const written = new Set([...rows.map((r) => r.t), ...state.rows.map((r) => r.table)]);
  await client.transaction(async (tx) => {
    await tx.exec(`TRUNCATE ${[...written].map(quoted).join(', ')} CASCADE`);
    for (const { table, json } of state.rows)
      await tx.query(
        `INSERT INTO ${quoted(table)} SELECT * FROM json_populate_recordset(NULL::${quoted(table)}, $1::json)`,
        [json],
      );
    await tx.exec(state.sequences);
  });
  return true;
}

/**
 * The client as one file sees it: once that file has closed its database, every call fails as on a
 * closed PGlite, so that a timer the file left behind cannot write into the next file's database.
 */
function lease(client: PGlite): { client: PGlite; end(): void } {
  let ended = false;
  const proxy = new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (ended) throw new Error('PGlite is closed (this test database was closed and reused)');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { client: proxy, end: () => (ended = true) };
}

async function pooledPglite(): Promise<Database> {
  let client = idle.pop();
  if (client) pglitePool.reused++;
  else {
    client = await PGlite.create({ loadDataDir: await migratedTemplate(), ...pgliteBytea });
    template ??= templateState(client);
    await template;
  }
  const open = client;
  const leased = lease(open);
  // Only its queries and its change feed: closing is the pool's.
  const { db, changes } = await pgliteDatabase(leased.client);
  return {
    db,
    kind: 'pglite',
    changes,
    async close() {
      leased.end();
      await changes.close();
      // Only in Vitest's workers, which end by themselves: an open PGlite keeps a process alive, and
      // scripts use the test app too (the route map's generator, bench:history).
      const reusable = POOLED && idle.length < 2 && (await emptied(open).catch(() => false));
      if (reusable) idle.push(open);
      else if (!open.closed) await open.close();
    },
  };
}
