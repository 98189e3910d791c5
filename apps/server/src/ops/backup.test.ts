import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/database';
import { migratedTemplate } from '../test/test-database';
import { backup, restore } from './backup';

/**
 * A backup restored into an empty database finds every team, audience and campaign, and the engine
 * snapshots and media beside them. On PGlite by default; on PostgreSQL (pg_dump/pg_restore) in the
 * run with DATABASE_URL.
 */
const adminUrl = process.env.DATABASE_URL;
let work: string;
const created: string[] = [];

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A new PostgreSQL database on the test server (dropped afterwards), or undefined for PGlite. */
async function newDatabaseUrl(): Promise<string | undefined> {
  if (!adminUrl) return undefined;
  const name = `murmur_backup_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  created.push(name);
  return Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
}

/** A new PGlite starts from the migrated template (initdb costs seconds of CPU); a restored one opens as is. */
async function open(databaseUrl: string | undefined, dataDir: string, fresh = false): Promise<Database> {
  const template = fresh && !databaseUrl ? await migratedTemplate() : undefined;
  return createDatabase({ databaseUrl, pgliteDir: join(dataDir, 'pg'), pgliteTemplate: template });
}

/** Both drivers answer `execute` with `{ rows }`. */
async function rowsOf(database: Database, query: ReturnType<typeof sql>): Promise<{ id: number | string }[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: { id: number | string }[] }).rows;
}

interface Seeded {
  teams: number[];
  audiences: number[];
  campaigns: number[];
}

async function seed(database: Database): Promise<Seeded> {
  const ids = async (query: ReturnType<typeof sql>) =>
    (await rowsOf(database, query)).map((r) => Number(r.id));
  const [owner] = await ids(sql`insert into users (email) values ('owner@example.com') returning id`);
  const teams = await ids(
    sql`insert into teams (name, slug) values ('Acme', 'acme'), ('Globex', 'globex'), ('Initech', 'initech') returning id`,
  );
  const audiences: number[] = [];
  for (let i = 0; i < 5; i++) {
    const pkg = JSON.stringify({ keywords: [{ label: `kw${i}` }] });
    audiences.push(
      ...(await ids(sql`insert into audience_configs (owner_id, team_id, name, kind, targeting_package, sample_count,
          size, size_bucket, core_audience, total_native, pro_targeting_size, targetable, status)
        values (${owner}, ${teams[i % 3]}, ${`Audience ${i}`}, 'builder', ${pkg}::jsonb, 120, 12000, '10K-50K',
          9000, 12000, 12000, true, 'Active') returning id`)),
    );
  }
  const campaigns: number[] = [];
  for (const team of teams) {
    campaigns.push(
      ...(await ids(sql`insert into campaigns (team_id, created_by, ad_account_id, name, objective, currency, budget_type)
        values (${team}, ${owner}, 'acct-1', ${`Campaign of ${team}`}, 'REACH', 'JPY', 'daily') returning id`)),
    );
  }
  return { teams, audiences, campaigns };
}

async function idsIn(
  database: Database,
  table: 'teams' | 'audience_configs' | 'campaigns',
): Promise<number[]> {
  return (await rowsOf(database, sql.raw(`select id from ${table} order by id`))).map((r) => Number(r.id));
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'murmur-backup-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  for (const name of created) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe(`backup and restore (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('restores into an empty database every team, audience and campaign, with engine snapshots and media', async () => {
    const sourceDir = join(work, 'source');
    const sourceUrl = await newDatabaseUrl();
    const source = await open(sourceUrl, sourceDir, true);
    const seeded = await seed(source);
    // PGlite is one process's: the server (here, the test) closes it before a backup.
    if (!sourceUrl) await source.close();
    await mkdir(join(sourceDir, 'engine'), { recursive: true });
    await writeFile(join(sourceDir, 'engine', 'remote.snapshot'), 'engine snapshot bytes');
    await mkdir(join(sourceDir, 'media', 'uploads', 'abc'), { recursive: true });
    await writeFile(join(sourceDir, 'media', 'uploads', 'abc', 'logo.png'), 'png bytes');

    const folder = join(work, 'backup');
    const manifest = await backup({ databaseUrl: sourceUrl, dataDir: sourceDir, out: folder });
    if (sourceUrl) await source.close();
    expect(manifest.rows).toEqual({ users: 1, teams: 3, audience_configs: 5, campaigns: 3 });
    expect(manifest.files).toEqual({
      database: sourceUrl ? 'database.dump' : 'pglite.tar.gz',
      engine: 'engine',
      media: 'media',
    });

    const targetDir = join(work, 'target');
    const targetUrl = await newDatabaseUrl();
    await restore({ databaseUrl: targetUrl, dataDir: targetDir, from: folder });
    const restored = await open(targetUrl, targetDir);
    try {
      expect(await idsIn(restored, 'teams')).toEqual(seeded.teams);
      expect(await idsIn(restored, 'audience_configs')).toEqual(seeded.audiences);
      expect(await idsIn(restored, 'campaigns')).toEqual(seeded.campaigns);
      // The sequences came back too: a new row does not collide with a restored one.
      const next = await rowsOf(
        restored,
        sql`insert into teams (name, slug) values ('New', 'new') returning id`,
      );
      expect(Number(next[0]!.id)).toBeGreaterThan(Math.max(...seeded.teams));
    } finally {
      await restored.close();
    }
    expect(await readFile(join(targetDir, 'engine', 'remote.snapshot'), 'utf8')).toBe(
      'engine snapshot bytes',
    );
    expect(await readFile(join(targetDir, 'media', 'uploads', 'abc', 'logo.png'), 'utf8')).toBe('png bytes');

    // Never over live data: the restored database is no longer empty.
    await expect(restore({ databaseUrl: targetUrl, dataDir: targetDir, from: folder })).rejects.toThrow(
      /not empty/,
    );
  }, 120_000);
});
