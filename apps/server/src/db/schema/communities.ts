import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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
