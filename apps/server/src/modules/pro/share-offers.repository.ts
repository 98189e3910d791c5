import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { listShareOffers, users } from '../../db/schema';

export type ShareOffersRepository = ReturnType<typeof createShareOffersRepository>;
export type ShareOfferRow = typeof listShareOffers.$inferSelect;

/** Lists offered to another account, waiting for its answer (db/schema/pro.ts). */
export function createShareOffersRepository(db: Db) {
  const mine = (id: number, toUserId: number) =>
    and(eq(listShareOffers.id, id), eq(listShareOffers.toUserId, toUserId));
  return {
    /**
     * Offers the list again when one is already waiting (same list, same recipient): the new
     * offer replaces it, so a recipient never sees the same list twice.
     */
    async offer(values: typeof listShareOffers.$inferInsert): Promise<ShareOfferRow> {
      const [row] = await db
        .insert(listShareOffers)
        .values(values)
        .onConflictDoUpdate({
          target: [listShareOffers.audienceConfigId, listShareOffers.toUserId],
          set: {
            fromUserId: values.fromUserId,
            name: values.name,
            kind: values.kind,
            targetingPackage: values.targetingPackage,
            created: values.created,
          },
        })
        .returning();
      if (!row) throw new Error('share offer insert returned nothing');
      return row;
    },

    /** The offers waiting for a user, newest first, with who offered them. */
    pendingFor: (toUserId: number) =>
      db
        .select({
          offer: listShareOffers,
          fromEmail: users.email,
          fromFirstName: users.firstName,
          fromLastName: users.lastName,
        })
        .from(listShareOffers)
        .innerJoin(users, eq(users.id, listShareOffers.fromUserId))
        .where(eq(listShareOffers.toUserId, toUserId))
        .orderBy(desc(listShareOffers.created), desc(listShareOffers.id))
        .limit(200),

    /** Takes a user's offer out of the waiting ones (accepted or declined); undefined if not theirs. */
    async take(id: number, toUserId: number): Promise<ShareOfferRow | undefined> {
      const [row] = await db.delete(listShareOffers).where(mine(id, toUserId)).returning();
      return row;
    },
  };
}
