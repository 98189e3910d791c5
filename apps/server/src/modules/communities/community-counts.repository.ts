import { and, asc, desc, eq, gte, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  communityAssignments,
  communityCounts,
  communityPartitions,
  type CommunityCountRow,
} from '../../db/schema';

export type CommunityCountsRepository = ReturnType<typeof createCommunityCountsRepository>;

/** One census as stored: the partition counted under, X's time (ms) and its counts. */
export interface StoredCensus {
  partition: string;
  at: number;
  day: number;
  accounts: number;
  members: readonly number[];
}

/** A partition as stored: its key, X's time of its first census, its core by X id and communities. */
export interface StoredPartition {
  partition: string;
  at: number;
  core: string[];
  community: number[];
  listed: number[];
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

    /**
     * Removes every partition's counts and assignments of days before `day` (older than the window),
     * and the partitions no count is left of.
     */
    async prune(day: number): Promise<void> {
      await db.delete(communityCounts).where(lt(communityCounts.day, day));
      await db.delete(communityAssignments).where(lt(communityAssignments.day, day));
      const counted = db.selectDistinct({ partition: communityCounts.partition }).from(communityCounts);
      await db.delete(communityPartitions).where(notInArray(communityPartitions.partition, counted));
    },

    /** Keeps a partition (its core by X id) the first time it is counted under. */
    async recordPartition(partition: StoredPartition): Promise<void> {
      await db.insert(communityPartitions).values(partition).onConflictDoNothing();
    },

    /**
     * The stored partition other than `except` counted most recently from day `fromDay` on (the one
     * a restart that found another partition goes on counting), or undefined.
     */
    async latestOtherPartition(except: string, fromDay: number): Promise<StoredPartition | undefined> {
      const [latest] = await db
        .select({ partition: communityCounts.partition })
        .from(communityCounts)
        .innerJoin(communityPartitions, eq(communityPartitions.partition, communityCounts.partition))
        .where(and(ne(communityCounts.partition, except), gte(communityCounts.day, fromDay)))
        .groupBy(communityCounts.partition)
        .orderBy(desc(sql`max(${communityCounts.lastAt})`))
        .limit(1);
      if (!latest) return undefined;
      const [row] = await db
        .select()
        .from(communityPartitions)
        .where(eq(communityPartitions.partition, latest.partition));
      return row;
    },

    /** Keeps a census's assignment as its day's first, unless an earlier one of that day is kept. */
    async recordAssignment(
      partition: string,
      day: number,
      at: number,
      assignment: Uint16Array,
    ): Promise<void> {
      const bytes = new Uint8Array(assignment.buffer, assignment.byteOffset, assignment.byteLength);
      await db
        .insert(communityAssignments)
        .values({ partition, day, at, assignment: littleEndian(bytes) })
        .onConflictDoUpdate({
          target: [communityAssignments.partition, communityAssignments.day],
          set: { at: sql`excluded.at`, assignment: sql`excluded.assignment` },
          setWhere: sql`excluded.at < ${communityAssignments.at}`,
        });
    },

    /** The partition's day-first assignments of `fromDay` on: X's time of each and the words. */
    async assignmentsSince(
      partition: string,
      fromDay: number,
    ): Promise<{ day: number; at: number; assignment: Uint16Array }[]> {
      const rows = await db
        .select()
        .from(communityAssignments)
        .where(and(eq(communityAssignments.partition, partition), gte(communityAssignments.day, fromDay)))
        .orderBy(asc(communityAssignments.day));
      return rows.map((r) => {
        const words = new Uint16Array(r.assignment.byteLength >>> 1);
        new Uint8Array(words.buffer).set(littleEndian(r.assignment.subarray(0, words.byteLength)));
        return { day: r.day, at: r.at, assignment: words };
      });
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

/** 16-bit words as stored (little-endian) from this machine's order, or back: a copy either way. */
function littleEndian(bytes: Uint8Array): Uint8Array {
  const copy = Uint8Array.from(bytes);
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] === 1) return copy;
  for (let i = 0; i + 1 < copy.length; i += 2) [copy[i], copy[i + 1]] = [copy[i + 1]!, copy[i]!];
  return copy;
}
