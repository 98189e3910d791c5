import { and, asc, eq, gt, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { invites, mailOutbox, type MailOutboxRow } from '../../db/schema';

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

/** The mail outbox (db/schema/mail-outbox.ts). Bind it to a transaction to enqueue with other writes. */
export function createOutboxRepository(db: Db) {
  return {
    async enqueue(values: {
      kind: MailOutboxRow['kind'];
      recipient: string;
      payload: string;
      inviteId?: number | undefined;
      expiresAt?: Date | undefined;
      created: Date;
      /** The enqueuing request's lease: it sends at once, so no sender may take the row before this. */
      nextAttemptAt: Date;
    }): Promise<number> {
      const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert returned nothing');
      return row.id;
    },

    /**
     * Takes up to `limit` rows that are due, each with a conditional update, so that two processes
     * never take the same one: the winner moves `next_attempt_at` to `leaseUntil`.
     */
    async claimDue(
      now: Date,
      leaseUntil: Date,
      maxAttempts: number,
      limit: number,
    ): Promise<MailOutboxRow[]> {
      const due = and(
        isNull(mailOutbox.sentAt),
        isNotNull(mailOutbox.payload),
        lte(mailOutbox.nextAttemptAt, now),
        lt(mailOutbox.attempts, maxAttempts),
        or(isNull(mailOutbox.expiresAt), gt(mailOutbox.expiresAt, now)),
      );
      const candidates = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(due)
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(limit);
      const claimed: MailOutboxRow[] = [];
      for (const { id } of candidates) {
        const [row] = await db
          .update(mailOutbox)
          .set({ nextAttemptAt: leaseUntil })
          .where(and(eq(mailOutbox.id, id), due))
          .returning();
        if (row) claimed.push(row);
      }
      return claimed;
    },

    /** Delivered: the secret-bearing payload goes, and an invitation becomes `sent`, together. */
    markSent(id: number, now: Date, inviteId: number | null): Promise<void> {
      return db.transaction(async (tx) => {
        await tx.update(mailOutbox).set({ sentAt: now, payload: null }).where(eq(mailOutbox.id, id));
        if (inviteId !== null)
          await tx.update(invites).set({ state: 'sent' }).where(eq(invites.id, inviteId));
      });
    },

    /** A failed try; `nextAttemptAt` null gives up (the row stays, with its error, for the record). */
    async markFailed(id: number, error: string, attempts: number, nextAttemptAt: Date | null): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: error.slice(0, 1000),
          ...(nextAttemptAt ? { nextAttemptAt } : { payload: null }),
        })
        .where(eq(mailOutbox.id, id));
    },

    /** Nobody will use this mail any more (a sign-in code whose request already answered 503). */
    async cancel(id: number): Promise<void> {
      await db.delete(mailOutbox).where(eq(mailOutbox.id, id));
    },

    async find(id: number): Promise<MailOutboxRow | undefined> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row;
    },
  };
}
