import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { communityCounts, type CommunityCountRow } from '../../db/schema';

export type CommunityCountsRepository = ReturnType<typeof createCommunityCountsRepository>;

/** One census as stored: the partition counted under, X's time (ms) and its counts. */
export interface StoredCensus {
  partition: string;
  at: number;
  day: number;
  accounts: number;
  members: readonly number[];
}

/**
 * The communities' daily counts (db/schema/communities.ts). Writes are upserts that keep a day's
 * earliest census as its first and its latest as its last, whatever order processes write in: two
 * API processes counting the same partition never add rows twice.
 */
export function createCommunityCountsRepository(db: Db) {
  const pick = (column: 'first' | 'last', op: '<' | '>') => {
    const at = column === 'first' ? communityCounts.firstAt : communityCounts.lastAt;
    const incoming = sql.raw(`excluded.${column}_at`);
    const keep = (name: 'at' | 'members' | 'accounts') =>
      sql`case when ${incoming} ${sql.raw(op)} ${at} then ${sql.raw(`excluded.${column}_${name}`)} else ${sql.raw(`"community_counts"."${column}_${name}"`)} end`;
    return { at: keep('at'), members: keep('members'), accounts: keep('accounts') };
  };
  const first = pick('first', '<');
  const last = pick('last', '>');

  return {
    /** Records a census as its day's first and last (or widens the day's stored span with it). */
    async record(census: StoredCensus): Promise<void> {
      if (census.members.length === 0) return;
      await db
        .insert(communityCounts)
        .values(
          census.members.map((members, community) => ({
            partition: census.partition,
            community,
            day: census.day,
            firstAt: census.at,
            firstMembers: members,
            firstAccounts: census.accounts,
            lastAt: census.at,
            lastMembers: members,
            lastAccounts: census.accounts,
          })),
        )
        .onConflictDoUpdate({
          target: [communityCounts.partition, communityCounts.day, communityCounts.community],
          set: {
            firstAt: first.at,
            firstMembers: first.members,
            firstAccounts: first.accounts,
            lastAt: last.at,
            lastMembers: last.members,
            lastAccounts: last.accounts,
          },
        });
    },

    /** Removes every partition's counts of days before `day` (older than the window). */
    async prune(day: number): Promise<void> {
      await db.delete(communityCounts).where(lt(communityCounts.day, day));
    },

    /** The partition's counts of `fromDay` on, by day then community. */
    since: (partition: string, fromDay: number): Promise<CommunityCountRow[]> =>
      db
        .select()
        .from(communityCounts)
        .where(and(eq(communityCounts.partition, partition), gte(communityCounts.day, fromDay)))
        .orderBy(asc(communityCounts.day), asc(communityCounts.community)),
  };
}
