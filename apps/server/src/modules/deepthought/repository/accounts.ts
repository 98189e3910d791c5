import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { dtAccounts } from '../../../db/schema';

export type DtAccountRow = typeof dtAccounts.$inferSelect;

/** The connected X accounts: every query is scoped by the user who connected them. */
export function accountQueries(db: Db) {
  return {
    /** The user's accounts, the selected one (most recently selected) first. */
    listAccounts: (userId: number) =>
      db
        .select()
        .from(dtAccounts)
        .where(eq(dtAccounts.userId, userId))
        .orderBy(desc(dtAccounts.selectedAt), asc(dtAccounts.id)),

    async accountOf(userId: number, id: number): Promise<DtAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(dtAccounts)
        .where(and(eq(dtAccounts.id, id), eq(dtAccounts.userId, userId)));
      return row;
    },

    /** For job runners, which hold an account id their job was created for. */
    async accountById(id: number): Promise<DtAccountRow | undefined> {
      const [row] = await db.select().from(dtAccounts).where(eq(dtAccounts.id, id));
      return row;
    },

    /** Connects (or reconnects with a new token) and selects the account. */
    async upsertAccount(values: {
      userId: number;
      xUserId: string;
      username: string;
      name: string;
      sealedTokens: string;
      now: Date;
    }): Promise<DtAccountRow> {
      const [row] = await db
        .insert(dtAccounts)
        .values({ ...values, selectedAt: values.now, created: values.now })
        .onConflictDoUpdate({
          target: [dtAccounts.userId, dtAccounts.xUserId],
          set: {
            username: values.username,
            name: values.name,
            sealedTokens: values.sealedTokens,
            selectedAt: values.now,
          },
        })
        .returning();
      return row!;
    },

    async selectAccount(userId: number, id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(dtAccounts)
        .set({ selectedAt: now })
        .where(and(eq(dtAccounts.id, id), eq(dtAccounts.userId, userId)))
        .returning({ id: dtAccounts.id });
      return rows.length > 0;
    },

    async deleteAccount(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(dtAccounts)
        .where(and(eq(dtAccounts.id, id), eq(dtAccounts.userId, userId)))
        .returning({ id: dtAccounts.id });
      return rows.length > 0;
    },
  };
}
