import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { createDatabase, type Database } from './database';
import { audienceCategories, users } from './schema';

let database: Database & { url?: string };
const heard: (string | undefined)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  database.changes.subscribe((table) => heard.push(table));
});
afterAll(() => database.close());

const tables = () => heard.filter((t): t is string => t !== undefined);
let sentinels = 0;

/**
 * Waits until every notice of what was committed so far has arrived, then forgets them: on
 * PostgreSQL notices come on their own connection after the writer resumed, in commit order, so a
 * notice sent now arrives after all of them. The next test then hears only its own writes.
 */
async function settle(): Promise<void> {
  const sentinel = `sentinel-${++sentinels}`;
  await database.db.execute(sql`select pg_notify('murmur_changes', ${sentinel})`);
  await waitFor(() => heard.includes(sentinel));
  heard.length = 0;
}

describe('change notices (migration 0028)', () => {
  it("hears this process's committed write before the writer's await resumes", async () => {
    await settle();
    await database.db.insert(users).values({ email: 'feed@example.com' });
    expect(tables()).toContain('users');
  });

  it("hears a transaction's writes when it commits, not before", async () => {
    await settle();
    await database.db.transaction(async (tx) => {
      await tx.insert(audienceCategories).values({ name: 'Feed test' });
      await tx.execute(sql`select 1`);
      expect(tables()).not.toContain('audience_categories');
    });
    expect(tables()).toContain('audience_categories');
  });

  it('hears nothing of a transaction rolled back', async () => {
    await settle();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(audienceCategories).values({ name: 'Never' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(tables()).not.toContain('audience_categories');
  });

  // On PostgreSQL this process also counts its own writes as they commit (change-feed.ts
  // `tapWrites`), by table, whatever the columns: the quiet columns show between processes below.
  it.skipIf(process.env.DATABASE_URL)(
    'stays quiet for the columns no cached read shows (a sign-in time)',
    async () => {
      await settle();
      await database.db
        .update(users)
        .set({ lastLogin: new Date() })
        .where(eq(users.email, 'feed@example.com'));
      expect(tables()).not.toContain('users');
      await database.db.update(users).set({ firstName: 'Feed' }).where(eq(users.email, 'feed@example.com'));
      expect(tables()).toContain('users');
    },
  );

  it('hears a write made by hand-written SQL', async () => {
    await settle();
    await database.db.execute(
      sql`update audience_categories set name = 'Feed test 2' where name = 'Feed test'`,
    );
    expect(tables()).toContain('audience_categories');
  });
});

/** Migration 0030's tables (the team list, campaigns list, followers page), each with a column to write. */
const MORE_CACHED_TABLES = {
  memberships: 'level',
  subscriptions: 'active',
  teams: 'country',
  campaigns: 'name',
  adsets: 'name',
  ads: 'state',
  ad_stats: 'clicks',
  dt_accounts: 'name',
  dt_users: 'name',
  dt_spans: 'initial',
} as const;
/** A statement trigger fires for a statement that changes no row too. */
const touch = (table: string, column: string) =>
  sql.raw(`update "${table}" set "${column}" = "${column}" where false`);

describe('change notices of migration 0030', () => {
  it('hears a write to every table the team list, the campaigns list and the followers page read', async () => {
    for (const [table, column] of Object.entries(MORE_CACHED_TABLES)) {
      await settle();
      await database.db.execute(touch(table, column));
      await waitFor(() => tables().includes(table));
    }
  });
});

// Another process on the same PostgreSQL: its writes arrive through LISTEN, on their own connection.
describe.runIf(process.env.DATABASE_URL)('change notices between processes (PostgreSQL)', () => {
  it("hears another process's committed write", async () => {
    const { url } = database;
    expect(url, 'the test database exposes its URL').toBeDefined();
    const other = await createDatabase({ databaseUrl: url });
    try {
      const otherHeard: string[] = [];
      other.changes.subscribe((table) => table && otherHeard.push(table));
      await waitFor(() => other.changes.listening);
      await database.db.update(users).set({ lastLogin: new Date() });
      await database.db.insert(audienceCategories).values({ name: 'From the first process' });
      await waitFor(() => otherHeard.includes('audience_categories'));
      // Notices arrive in commit order: the sign-in time's update, before, sent none.
      expect(otherHeard).not.toContain('users');
      await database.db.update(users).set({ lastName: 'Renamed' });
      await waitFor(() => otherHeard.includes('users'));
      // Through the triggers only: this process's own writes are not reported to the other's feed.
      for (const [table, column] of Object.entries(MORE_CACHED_TABLES))
        await database.db.execute(touch(table, column));
      await waitFor(() => Object.keys(MORE_CACHED_TABLES).every((table) => otherHeard.includes(table)));
    } finally {
      await other.close();
    }
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}
