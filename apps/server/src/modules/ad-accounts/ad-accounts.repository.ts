import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { adAccounts, xAdsCredentials } from '../../db/schema';

export type XCredentialsRow = typeof xAdsCredentials.$inferSelect;
export type XAdAccountsRepository = ReturnType<typeof createXAdAccountsRepository>;

/** The kept X user tokens and the user's X ad accounts as X lists them. */
export function createXAdAccountsRepository(db: Db) {
  return {
    async keepCredentials(row: Omit<XCredentialsRow, 'updated'> & { updated: Date }): Promise<void> {
      await db
        .insert(xAdsCredentials)
        .values(row)
        .onConflictDoUpdate({
          target: xAdsCredentials.userId,
          set: {
            xUserId: row.xUserId,
            sealedToken: row.sealedToken,
            sealedSecret: row.sealedSecret,
            updated: row.updated,
          },
        });
    },

    async credentialsOf(userId: number): Promise<XCredentialsRow | undefined> {
      const [row] = await db.select().from(xAdsCredentials).where(eq(xAdsCredentials.userId, userId));
      return row;
    },

    /** Forgets the token and the X ad accounts learnt through it. */
    async forget(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(xAdsCredentials).where(eq(xAdsCredentials.userId, userId));
        await tx
          .delete(adAccounts)
          .where(and(eq(adAccounts.userId, userId), eq(adAccounts.network, 'twitter')));
      });
    },

    /**
     * The user's X ad accounts become exactly `accounts`: new ones under X's name, vanished ones
     * removed; a name given in Murmur (create ad account) is kept.
     */
    async replaceXAccounts(userId: number, accounts: { id: string; name: string }[]): Promise<void> {
      await db.transaction(async (tx) => {
        const ids = accounts.map((a) => a.id);
        await tx
          .delete(adAccounts)
          .where(
            and(
              eq(adAccounts.userId, userId),
              eq(adAccounts.network, 'twitter'),
              ...(ids.length > 0 ? [notInArray(adAccounts.accountId, ids)] : []),
            ),
          );
        for (const a of accounts)
          await tx
            .insert(adAccounts)
            .values({ userId, network: 'twitter', accountId: a.id, name: a.name })
            .onConflictDoNothing();
      });
    },

    async addXAccount(userId: number, account: { id: string; name: string }): Promise<void> {
      await db
        .insert(adAccounts)
        .values({ userId, network: 'twitter', accountId: account.id, name: account.name })
        .onConflictDoUpdate({
          target: [adAccounts.userId, adAccounts.network, adAccounts.accountId],
          set: { name: account.name },
        });
    },
  };
}
