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

    /** The user's linked accounts; an X account with its @handle (X's username, kept at linking). */
    async listForUser(userId: number) {
      const rows = await db
        .select({
          id: socialAccounts.id,
          provider: socialAccounts.provider,
          uid: socialAccounts.uid,
          extraData: socialAccounts.extraData,
        })
        .from(socialAccounts)
        .where(eq(socialAccounts.userId, userId))
        .orderBy(asc(socialAccounts.id));
      return rows.map(({ extraData, ...row }) => ({ ...row, handle: handleOf(extraData) }));
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

/** X's username in an account's extra data (xIdentity in social.service.ts keeps it there). */
function handleOf(extraData: unknown): string | null {
  if (typeof extraData !== 'object' || extraData === null) return null;
  const username = (extraData as { username?: unknown }).username;
  return typeof username === 'string' && username !== '' ? username : null;
}
