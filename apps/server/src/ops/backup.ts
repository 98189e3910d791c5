import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const run = promisify(execFile);

/**
 * What a backup holds (docs/OPERATIONS.md "Backup and restore"): the database — `pg_dump` in its
 * custom format for PostgreSQL (one consistent snapshot while the server runs), PGlite's data folder
 * dumped by PGlite itself (the server must be stopped: PGlite is one process's) — and, beside it,
 * the engine snapshots and the locally stored media of DATA_DIR. Media in an S3 bucket stay there
 * (the bucket's own versioning or replication keeps them).
 */
export interface Manifest {
  format: 1;
  created: string;
  database: 'postgres' | 'pglite';
  /** Files of the backup folder, by what they hold. */
  files: { database: string; engine?: string; media?: string };
  /** Rows per table at backup time: restore checks the restored database holds as many. */
  rows: Record<(typeof COUNTED)[number], number>;
}

/** The tables whose rows an operator would miss first; restore verifies every one of them. */
const COUNTED = ['users', 'teams', 'audience_configs', 'campaigns'] as const;

export interface BackupOptions {
  /** postgres://…; absent: PGlite in `dataDir`/pg. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The folder to write (created; must be empty or absent). */
  out: string;
  log?: (line: string) => void;
}

export async function backup(options: BackupOptions): Promise<Manifest> {
  const { databaseUrl, dataDir, out } = options;
  const log = options.log ?? (() => undefined);
  await mkdir(out, { recursive: true });
  if ((await readdir(out)).length > 0)
    throw new Error(`${out} is not empty: a backup goes into a new folder.`);
  let rows: Manifest['rows'];
  let file: string;
  if (databaseUrl) {
    file = 'database.dump';
    // One transaction (a consistent snapshot), so the server may keep running meanwhile.
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${join(out, file)}`,
      databaseUrl,
    ]);
    rows = await countPostgres(databaseUrl);
  } else {
    file = 'pglite.tar.gz';
    const client = await PGlite.create({ dataDir: join(dataDir, 'pg') });
    try {
      rows = await countWith((q) => client.query<{ n: number | string }>(q).then((r) => r.rows));
      const dump = await client.dumpDataDir('gzip');
      await writeFile(join(out, file), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  }
  log(`database (${databaseUrl ? 'PostgreSQL' : 'PGlite'}) → ${file}`);
  const files: Manifest['files'] = { database: file };
  for (const folder of ['engine', 'media'] as const) {
    if (await isDirectory(join(dataDir, folder))) {
      await cp(join(dataDir, folder), join(out, folder), { recursive: true });
      files[folder] = folder;
      log(`DATA_DIR/${folder} → ${folder}/`);
    }
  }
  const manifest: Manifest = {
    format: 1,
    created: new Date().toISOString(),
    database: databaseUrl ? 'postgres' : 'pglite',
    files,
    rows,
  };
  await writeFile(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

export interface RestoreOptions {
  /** postgres://… of an empty database (created, nothing in it); absent: PGlite into `dataDir`/pg. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** A folder written by `backup`. */
  from: string;
  log?: (line: string) => void;
}

/**
 * Restores into an empty database (never over live data: an operator drops or renames it first)
 * and puts the engine snapshots and media back into DATA_DIR; then checks that every counted table
 * holds as many rows as at backup time.
 */
export async function restore(options: RestoreOptions): Promise<Manifest> {
  const { databaseUrl, dataDir, from } = options;
  const log = options.log ?? (() => undefined);
  const manifest = JSON.parse(await readFile(join(from, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}.`);
  const wantsPostgres = databaseUrl !== undefined;
  if (wantsPostgres !== (manifest.database === 'postgres')) {
    throw new Error(
      `This backup is of ${manifest.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ` +
        (wantsPostgres ? 'unset DATABASE_URL to restore it into PGlite.' : 'set DATABASE_URL to restore it.'),
    );
  }
  let rows: Manifest['rows'];
  if (databaseUrl) {
    const tables = await postgresQuery<{ n: string }>(
      databaseUrl,
      `select count(*) as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    if (Number(tables[0]?.n) > 0) {
      throw new Error('The target database is not empty: restore into a newly created database.');
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${databaseUrl}`,
      join(from, manifest.files.database),
    ]);
    rows = await countPostgres(databaseUrl);
  } else {
    const target = join(dataDir, 'pg');
    if ((await isDirectory(target)) && (await readdir(target)).length > 0) {
      throw new Error(`${target} is not empty: restore into a new DATA_DIR (or move the old one away).`);
    }
    await mkdir(target, { recursive: true });
    const dump = new Blob([await readFile(join(from, manifest.files.database))]);
    const client = await PGlite.create({ dataDir: target, loadDataDir: dump });
    try {
      rows = await countWith((q) => client.query<{ n: number | string }>(q).then((r) => r.rows));
    } finally {
      await client.close();
    }
  }
  log(`database ← ${manifest.files.database}`);
  for (const folder of ['engine', 'media'] as const) {
    if (manifest.files[folder]) {
      await cp(join(from, folder), join(dataDir, folder), { recursive: true, force: false });
      log(`${folder}/ → DATA_DIR/${folder}`);
    }
  }
  const short = COUNTED.filter((table) => rows[table] < manifest.rows[table]);
  if (short.length > 0) {
    throw new Error(
      `Restored, but rows are missing: ${short.map((t) => `${t} ${rows[t]} of ${manifest.rows[t]}`).join(', ')}.`,
    );
  }
  return manifest;
}

async function countWith(
  query: (sql: string) => Promise<{ n: number | string }[]>,
): Promise<Manifest['rows']> {
  const rows = {} as Manifest['rows'];
  for (const table of COUNTED)
    rows[table] = Number((await query(`select count(*) as n from ${table}`))[0]?.n ?? 0);
  return rows;
}

function countPostgres(url: string): Promise<Manifest['rows']> {
  return countWith((q) => postgresQuery<{ n: string }>(url, q));
}

async function postgresQuery<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}
