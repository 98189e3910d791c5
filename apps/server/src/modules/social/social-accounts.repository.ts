import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { noUserChanges, type UserChanges } from '../../lib/user-changes';
import { socialAccounts } from '../../db/schema';

export type SocialAccountsRepository = ReturnType<typeof createSocialAccountsRepository>;

/** `changes` hears of links and unlinks: `/api/user/me/` lists the accounts (lib/auth-cache.ts). */
export function createSocialAccountsRepository(db: Db, changes: UserChanges = noUserChanges) {
  return {
    async findByProviderUid(
      provider: string,
      uid: string,
    ): Promise<{ id: number; userId: number } | undefined> {
      const [row] = await db
        .select({ id: socialAccounts.id, userId: socialAccounts.userId })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.uid, uid)));
      return row;
    },

    /** Links an account; a parallel request linking the same one first wins (unique provider + uid). */
    async insert(values: {
      userId: number;
      provider: string;
      uid: string;
      extraData: Record<string, unknown>;
    }): Promise<void> {
      await db.insert(socialAccounts).values(values).onConflictDoNothing();
      changes.userChanged(values.userId);
    },

    listForUser(userId: number) {
      return db
        .select({ id: socialAccounts.id, provider: socialAccounts.provider, uid: socialAccounts.uid })
        .from(socialAccounts)
        .where(eq(socialAccounts.userId, userId))
        .orderBy(asc(socialAccounts.id));
    },

    async countForUser(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(socialAccounts)
        .where(eq(socialAccounts.userId, userId));
      return row?.n ?? 0;
    },

    async findOfUser(id: number, userId: number): Promise<{ id: number; provider: string } | undefined> {
      const [row] = await db
        .select({ id: socialAccounts.id, provider: socialAccounts.provider })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.id, id), eq(socialAccounts.userId, userId)));
      return row;
    },

    async deleteOfUser(id: number, userId: number): Promise<boolean> {
      const deleted = await db
        .delete(socialAccounts)
        .where(and(eq(socialAccounts.id, id), eq(socialAccounts.userId, userId)))
        .returning({ id: socialAccounts.id });
      if (deleted.length > 0) changes.userChanged(userId);
      return deleted.length > 0;
    },
  };
}
