import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers, so repositories never know which PostgreSQL they talk to (ARCHITECTURE §4). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** Which engine is behind `db`, for the start-up log. */
  kind: 'pglite' | 'postgres';
  /** Committed writes to the tables cached reads depend on (db/change-feed.ts). */
  changes: ChangeFeed;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects node-postgres; absent selects PGlite. */
  databaseUrl?: string | undefined;
  /** node-postgres pool size (default 10). */
  poolSize?: number | undefined;
  /** PGlite data folder; absent (with no URL) keeps the database in memory, as tests do. */
  pgliteDir?: string | undefined;
  /** A PGlite data-folder dump to start from instead of running initdb (tests: a migrated template). */
  pgliteTemplate?: Blob | undefined;
}

export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens the database and applies pending migrations before anything else can query it. */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options.pgliteDir, options.pgliteTemplate);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return { db: database.db, kind: database.kind, changes: database.changes, close: database.close };
}

function openPostgres(url: string, max: number) {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client whose connection the server ends (a restart, a failover, an administrator) emits
  // 'error' on the pool; unhandled, that would take the whole process down. The pool replaces the
  // client on the next query, so a warning is all it deserves.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const changes = postgresChangeFeed(url, pool);
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres' as const,
    changes,
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}

/** PostgreSQL's type id of bytea. */
const BYTEA = 17;

/**
 * bytea to and from PostgreSQL's hex text through Buffer (native) instead of PGlite's own, which
 * goes byte by byte through JS strings: the same text and bytes, a fraction of the CPU and garbage
 * (the history points' member sets, bench/README.md "bench:history").
 */
export const pgliteBytea = {
  serializers: {
    [BYTEA]: (value: unknown): string => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
    },
  },
  parsers: { [BYTEA]: (text: string): Uint8Array => new Uint8Array(Buffer.from(text.slice(2), 'hex')) },
};

async function openPglite(dataDir: string | undefined, template: Blob | undefined) {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    ...pgliteBytea,
  });
  return pgliteDatabase(client);
}

/** The database over an open PGlite client: drizzle, the change feed, migrations, close. */
export async function pgliteDatabase(client: PGlite) {
  const db = drizzlePglite(client, { schema });
  const changes = await pgliteChangeFeed(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite' as const,
    client,
    changes,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}

/**
 * A dump of a freshly migrated in-memory PGlite. Starting from it skips PGlite's initdb, which costs
 * several seconds of CPU each time (most of a test file's set-up on a 2-core machine).
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const database = await openPglite(undefined, undefined);
  try {
    await database.migrate();
    return await database.client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}
