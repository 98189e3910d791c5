import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { adAccounts, grantedAccounts, memberships } from '../../db/schema';

export type MeasurementRepository = ReturnType<typeof createMeasurementRepository>;

export function createMeasurementRepository(db: Db) {
  return {
    /**
     * A team's granted X ad account (the given one, or the earliest granted) and the member who
     * granted it, whose X token reads it (SPEC §6). The earliest grant of the account wins.
     */
    async grantOf(
      teamId: number,
      accountId: string | undefined,
    ): Promise<{ userId: number; accountId: string } | undefined> {
      const [row] = await db
        .select({ userId: memberships.userId, accountId: grantedAccounts.accountId })
        .from(grantedAccounts)
        .innerJoin(memberships, eq(memberships.id, grantedAccounts.membershipId))
        .innerJoin(
          adAccounts,
          and(
            eq(adAccounts.userId, memberships.userId),
            eq(adAccounts.network, grantedAccounts.network),
            eq(adAccounts.accountId, grantedAccounts.accountId),
          ),
        )
        .where(
          and(
            eq(memberships.teamId, teamId),
            eq(grantedAccounts.network, 'twitter'),
            accountId === undefined ? undefined : eq(grantedAccounts.accountId, accountId),
          ),
        )
        .orderBy(asc(grantedAccounts.id))
        .limit(1);
      return row;
    },
  };
}
