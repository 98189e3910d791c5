import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytes } from './membership';

/**
 * The network communities' membership counts behind "Trending" (modules/communities): per partition
 * (a fingerprint of the Louvain partition counted under), community (its position in the list) and
 * network day (days since 1970-01-01 of X's time), the first and the latest census of that day. Every
 * API process writes its censuses here (an upsert keeping the earliest first and the latest last) and
 * reads them back at start, so a restart keeps the growth window. Rows older than the window are pruned.
 */
export const communityCounts = pgTable(
  'community_counts',
  {
    partition: text('partition').notNull(),
    community: integer('community').notNull(),
    day: integer('day').notNull(),
    /** X's time of the day's first census (ms since the epoch), its community members and indexed accounts. */
    firstAt: bigint('first_at', { mode: 'number' }).notNull(),
    firstMembers: integer('first_members').notNull(),
    firstAccounts: integer('first_accounts').notNull(),
    /** The same of the day's latest census. */
    lastAt: bigint('last_at', { mode: 'number' }).notNull(),
    lastMembers: integer('last_members').notNull(),
    lastAccounts: integer('last_accounts').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.partition, t.day, t.community] }),
    index('community_counts_day_idx').on(t.day),
  ],
);

export type CommunityCountRow = typeof communityCounts.$inferSelect;

/**
 * Each network day's first census account by account (modules/communities/community-growth.ts): per
 * account number, its listed community's position + 1 (0: none), as little-endian 16-bit words. A
 * window's start is a day's first census; with its assignment read back, a restart still knows who
 * joined and who left each community since, which a net gain's interval needs. Pruned with the counts.
 */
export const communityAssignments = pgTable(
  'community_assignments',
  {
    partition: text('partition').notNull(),
    day: integer('day').notNull(),
    /** X's time of the census (ms since the epoch): the day's earliest is kept. */
    at: bigint('at', { mode: 'number' }).notNull(),
    assignment: bytes('assignment').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partition, t.day] }), index('community_assignments_day_idx').on(t.day)],
);

export type CommunityAssignmentRow = typeof communityAssignments.$inferSelect;

/**
 * The Louvain partitions trending has counted under (modules/communities/communities.service.ts): its
 * core accounts by X id, each one's Louvain community and each community's listed position (-1: not
 * listed). A restart that finds another partition counts this one on its index, so the growth window
 * goes on across it. Removed once no count of it is left.
 */
export const communityPartitions = pgTable('community_partitions', {
  partition: text('partition').primaryKey(),
  /** X's time (ms since the epoch) of the partition's first census. */
  at: bigint('at', { mode: 'number' }).notNull(),
  core: jsonb('core').$type<string[]>().notNull(),
  community: jsonb('community').$type<number[]>().notNull(),
  listed: jsonb('listed').$type<number[]>().notNull(),
});
