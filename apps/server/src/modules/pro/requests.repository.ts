import { and, desc, eq, like, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { audienceRequests, users, type AudienceRequestRow } from '../../db/schema';

export type AudienceRequestValues = typeof audienceRequests.$inferInsert;
export type RequestsRepository = ReturnType<typeof createRequestsRepository>;

/** Audience requests (db/schema/pro.ts). A requester reaches a row only through its mailed token. */
export function createRequestsRepository(db: Db) {
  return {
    async insert(values: AudienceRequestValues): Promise<AudienceRequestRow> {
      const [row] = await db.insert(audienceRequests).values(values).returning();
      if (!row) throw new Error('audience request insert returned nothing');
      return row;
    },

    async byToken(tokenHash: string): Promise<AudienceRequestRow | undefined> {
      const [row] = await db.select().from(audienceRequests).where(eq(audienceRequests.tokenHash, tokenHash));
      return row;
    },

    async byId(id: number): Promise<AudienceRequestRow | undefined> {
      const [row] = await db.select().from(audienceRequests).where(eq(audienceRequests.id, id));
      return row;
    },

    /** Staff's list: confirmed requests first waiting, newest first; unconfirmed ones are not shown. */
    listConfirmed(limit: number): Promise<AudienceRequestRow[]> {
      return db
        .select()
        .from(audienceRequests)
        .where(ne(audienceRequests.state, 'unverified'))
        .orderBy(desc(audienceRequests.created), desc(audienceRequests.id))
        .limit(limit);
    },

    /** Marks it verified once; undefined when it already was (the link was opened before). */
    async verify(id: number, now: Date): Promise<AudienceRequestRow | undefined> {
      const [row] = await db
        .update(audienceRequests)
        .set({ state: 'verified', verified: now })
        .where(and(eq(audienceRequests.id, id), eq(audienceRequests.state, 'unverified')))
        .returning();
      return row;
    },

    async answer(id: number, answer: string, staffId: number, now: Date) {
      const [row] = await db
        .update(audienceRequests)
        .set({ state: 'answered', answer, answeredBy: staffId, answered: now })
        .where(and(eq(audienceRequests.id, id), ne(audienceRequests.state, 'unverified')))
        .returning();
      return row;
    },

    async rotateToken(id: number, tokenHash: string) {
      const [row] = await db
        .update(audienceRequests)
        .set({ tokenHash })
        .where(eq(audienceRequests.id, id))
        .returning();
      return row;
    },

    async feedback(id: number, rating: number, comment: string) {
      const [row] = await db
        .update(audienceRequests)
        .set({ feedbackRating: rating, feedbackComment: comment })
        .where(eq(audienceRequests.id, id))
        .returning();
      return row;
    },

    /** The staff addresses (SPEC §6: signed-in addresses on the provider's domain). */
    async staffEmails(domains: readonly string[], limit = 20): Promise<string[]> {
      if (domains.length === 0) return [];
      const escape = (d: string) => d.replace(/[%_\\]/g, '\\$&');
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(
          or(
            ...domains.flatMap((d) => [
              like(users.email, `%@${escape(d)}`),
              like(users.email, `%.${escape(d)}`),
            ]),
          ),
        )
        .limit(limit);
      return rows.map((r) => r.email);
    },
  };
}
