import { and, asc, eq } from 'drizzle-orm';
import type { Db } from './database';
import { adAccounts, grantedAccounts, memberships } from './schema';

/** A team's granted X ad account, the member who granted it and the account's name as X gave it. */
export interface GrantedAdAccount {
  userId: number;
  accountId: string;
  name: string;
}

/**
 * Who granted the team access to an X ad account (SPEC §6) — the given one, or without an id the
 * earliest granted — as long as the granter still has it among their ad accounts: their X token is
 * the one that reads or writes it. The earliest grant of an account wins. Shared by the modules that
 * act on a team's ad account (x-audiences, measurement), which may not import each other.
 */
export async function grantedAdAccountOf(
  db: Db,
  teamId: number,
  accountId: string | undefined,
): Promise<GrantedAdAccount | undefined> {
  const [row] = await db
    .select({
      userId: memberships.userId,
      accountId: grantedAccounts.accountId,
      name: adAccounts.name,
    })
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
}
