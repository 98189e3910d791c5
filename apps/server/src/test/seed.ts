import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { adAccounts, groups, userGroups, type AD_NETWORKS } from '../db/schema';

/**
 * Rows that only integrations not built yet would write (ad accounts come from connecting an ads
 * account; groups from staff tooling). Tests insert them directly.
 */
export async function seedAdAccounts(
  db: Db,
  userId: number,
  accounts: { id: string; name: string; network?: (typeof AD_NETWORKS)[number] }[],
): Promise<void> {
  await db
    .insert(adAccounts)
    .values(
      accounts.map((a) => ({ userId, accountId: a.id, name: a.name, network: a.network ?? 'twitter' })),
    );
}

export async function seedGroup(db: Db, userId: number, name: string): Promise<void> {
  await db.insert(groups).values({ name }).onConflictDoNothing();
  const [group] = await db.select().from(groups).where(eq(groups.name, name));
  await db.insert(userGroups).values({ userId, groupId: group!.id }).onConflictDoNothing();
}
