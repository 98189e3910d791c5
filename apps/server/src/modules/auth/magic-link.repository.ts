import { and, asc, count, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { magicLinks } from '../../db/schema';

export type MagicLinkRow = typeof magicLinks.$inferSelect;
export type MagicLinkRepository = ReturnType<typeof createMagicLinkRepository>;

export function createMagicLinkRepository(db: Db) {
  return {
    async insert(values: {
      email: string;
      magicCodeHash: string;
      confirmCodeHash: string;
      created: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(magicLinks).values(values);
    },

    /** Requests for an address since `since`, and when the oldest of them was made. */
    async recentRequests(email: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
      const where = and(eq(magicLinks.email, email), gte(magicLinks.created, since));
      const [total] = await db.select({ n: count() }).from(magicLinks).where(where);
      const [oldest] = await db
        .select({ created: magicLinks.created })
        .from(magicLinks)
        .where(where)
        .orderBy(asc(magicLinks.created))
        .limit(1);
      return { count: total?.n ?? 0, oldest: oldest?.created ?? null };
    },

    async findByMagicCodeHash(magicCodeHash: string): Promise<MagicLinkRow | undefined> {
      const [row] = await db.select().from(magicLinks).where(eq(magicLinks.magicCodeHash, magicCodeHash));
      return row;
    },

    /**
     * Spends one of the link's attempts before the code is compared, in one statement, so that parallel
     * guesses cannot get more than `maxAttempts` comparisons between them. False when none is left or
     * the link is used or expired.
     */
    async claimAttempt(id: number, now: Date, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(magicLinks)
        .set({ attempts: sql`${magicLinks.attempts} + 1` })
        .where(
          and(
            eq(magicLinks.id, id),
            isNull(magicLinks.usedAt),
            gt(magicLinks.expiresAt, now),
            lt(magicLinks.attempts, maxAttempts),
          ),
        )
        .returning({ id: magicLinks.id });
      return rows.length === 1;
    },

    /** Marks the link used; false when a parallel request used it first (the single-use guarantee). */
    async markUsed(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(magicLinks)
        .set({ usedAt: now })
        .where(and(eq(magicLinks.id, id), isNull(magicLinks.usedAt)))
        .returning({ id: magicLinks.id });
      return rows.length === 1;
    },

    /** Old links of an address are useless after their rate-limit window; keep the table small. */
    async deleteOlderThan(email: string, before: Date): Promise<void> {
      await db.delete(magicLinks).where(and(eq(magicLinks.email, email), lt(magicLinks.created, before)));
    },
  };
}
