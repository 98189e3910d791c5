import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { adAccounts, grantedAccounts, memberships } from '../../db/schema';

export type AccountRef = { account_id: string; network: (typeof adAccounts.$inferSelect)['network'] };
export type GrantRow = { id: number; member: number; account: AccountRef };
export type AdAccountsRepository = ReturnType<typeof createAdAccountsRepository>;

const grantColumns = {
  id: grantedAccounts.id,
  member: grantedAccounts.membershipId,
  account: { account_id: grantedAccounts.accountId, network: grantedAccounts.network },
};

/** A user's ad accounts and the grants of them to teams (SPEC §3, §6). */
export function createAdAccountsRepository(db: Db) {
  return {
    listForUser(userId: number) {
      return db
        .select({ id: adAccounts.accountId, name: adAccounts.name, network: adAccounts.network })
        .from(adAccounts)
        .where(eq(adAccounts.userId, userId))
        .orderBy(asc(adAccounts.name), asc(adAccounts.accountId));
    },

    /** Which of `refs` the user owns. */
    async ownedBy(userId: number, refs: AccountRef[]): Promise<AccountRef[]> {
      if (refs.length === 0) return [];
      return db
        .select({ account_id: adAccounts.accountId, network: adAccounts.network })
        .from(adAccounts)
        .where(
          and(
            eq(adAccounts.userId, userId),
            or(
              ...refs.map((r) =>
                and(eq(adAccounts.network, r.network), eq(adAccounts.accountId, r.account_id)),
              ),
            ),
          ),
        );
    },

    listGrantsOfUser(userId: number): Promise<GrantRow[]> {
      return db
        .select(grantColumns)
        .from(grantedAccounts)
        .innerJoin(memberships, eq(memberships.id, grantedAccounts.membershipId))
        .where(eq(memberships.userId, userId))
        .orderBy(asc(grantedAccounts.id));
    },

    /** Grants idempotently; `created` says whether a new row was written. */
    async grant(membershipId: number, ref: AccountRef): Promise<{ grant: GrantRow; created: boolean }> {
      const [inserted] = await db
        .insert(grantedAccounts)
        .values({ membershipId, network: ref.network, accountId: ref.account_id })
        .onConflictDoNothing()
        .returning({ id: grantedAccounts.id });
      if (inserted) return { grant: { id: inserted.id, member: membershipId, account: ref }, created: true };
      const [existing] = await db
        .select(grantColumns)
        .from(grantedAccounts)
        .where(
          and(
            eq(grantedAccounts.membershipId, membershipId),
            eq(grantedAccounts.network, ref.network),
            eq(grantedAccounts.accountId, ref.account_id),
          ),
        );
      if (!existing) throw new Error('granted account vanished after conflict');
      return { grant: existing, created: false };
    },

    /** Deletes a grant only if it hangs off one of the user's memberships; false otherwise. */
    async revokeOfUser(grantId: number, userId: number): Promise<boolean> {
      const mine = db.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, userId));
      const rows = await db
        .delete(grantedAccounts)
        .where(and(eq(grantedAccounts.id, grantId), inArray(grantedAccounts.membershipId, mine)))
        .returning({ id: grantedAccounts.id });
      return rows.length === 1;
    },

    findMembershipOfUser(membershipId: number, userId: number) {
      return db
        .select({ id: memberships.id, level: memberships.level, teamId: memberships.teamId })
        .from(memberships)
        .where(and(eq(memberships.id, membershipId), eq(memberships.userId, userId)))
        .then((rows) => rows[0]);
    },
  };
}
