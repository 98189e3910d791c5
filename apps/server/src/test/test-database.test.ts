import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/database';
import { createTestDatabase, pglitePool } from './test-database';

/** The rows of a statement (both drivers answer `{ rows }`). */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** What a test file could have left behind, read the same way from any database. */
async function contents(db: Db) {
  const categories = await rows<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM audience_categories`);
  const plans = await rows<{ codes: string }>(
    db,
    sql`SELECT string_agg(code || ':' || amount_eur, ',' ORDER BY code) AS codes FROM billing_plans`,
  );
  const users = await rows<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM users`);
  return { categories: categories[0]!.n, plans: plans[0]!.codes, users: users[0]!.n };
}

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'a PGlite test database reused after a file closes it',
  () => {
    // The worker's earlier files may have left databases to reuse: held here, so that the database
    // each test closes is the one handed out next.
    const held: Database[] = [];
    beforeEach(async () => {
      while (pglitePool.idle > 0) held.push(await createTestDatabase());
    });
    afterEach(async () => {
      for (const database of held.splice(0)) await database.close();
    });

    it('comes back as the template: its seeded rows, no rows of the file before, identities from the start', async () => {
      const first = await createTestDatabase();
      const fresh = await contents(first.db);
      const firstId = await rows<{ id: number }>(
        first.db,
        sql`INSERT INTO audience_categories (name) VALUES ('Pooled one') RETURNING id`,
      );
      await first.db.execute(sql`UPDATE billing_plans SET amount_eur = 1`);
      await first.db.execute(sql`DELETE FROM audience_categories WHERE name = 'Gaming'`);
      await first.db.execute(sql`SET statement_timeout = 1`);
      await first.close();

      const reused = pglitePool.reused;
      const second = await createTestDatabase();
      try {
        expect(pglitePool.reused, 'the database the first file closed').toBe(reused + 1);
        // A write the first file left behind (a timer, say) fails instead of landing in the second's.
        const late = await first.db.execute(sql`DELETE FROM users`).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(String((late as Error | undefined)?.cause)).toMatch(/closed/);
        expect(await contents(second.db)).toEqual(fresh);
        const secondId = await rows<{ id: number }>(
          second.db,
          sql`INSERT INTO audience_categories (name) VALUES ('Pooled two') RETURNING id`,
        );
        expect(secondId[0]!.id).toBe(firstId[0]!.id);
        const timeout = await rows<{ statement_timeout: string }>(second.db, sql`SHOW statement_timeout`);
        expect(timeout[0]!.statement_timeout).toBe('0');
      } finally {
        await second.close();
      }
    }, 60_000);

    it('is not reused when a file changed its schema', async () => {
      const first = await createTestDatabase();
      await first.db.execute(sql`ALTER TABLE audience_categories ADD COLUMN pooled_extra text`);
      await first.close();
      expect(pglitePool.idle, 'not kept for the next file').toBe(0);
      const second = await createTestDatabase();
      try {
        const columns = await rows<{ n: string }>(
          second.db,
          sql`SELECT count(*)::text AS n FROM information_schema.columns WHERE table_name = 'audience_categories' AND column_name = 'pooled_extra'`,
        );
        expect(columns[0]!.n).toBe('0');
      } finally {
        await second.close();
      }
    }, 60_000);
  },
);
