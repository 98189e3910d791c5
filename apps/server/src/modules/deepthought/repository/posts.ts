import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { excluded } from '../../../db/excluded';
import { dtActivity, dtEngagements, dtPostCounts, dtPosts, dtUsers } from '../../../db/schema';
import { inChunks } from './chunks';

export type DtPostRow = typeof dtPosts.$inferSelect;
/** dt_engagements.kind: on the account's posts, mentions of it, and the posts it liked. */
export type EngagementKind = 'like' | 'repost' | 'quote' | 'mention' | 'liked';

/** The account's posts, engagement around them, its followers' activity and its own post counts. */
export function postQueries(db: Db) {
  return {
    async upsertPosts(rows: (typeof dtPosts.$inferInsert)[]) {
      await inChunks(rows, (part) =>
        db
          .insert(dtPosts)
          .values(part)
          .onConflictDoUpdate({
            target: [dtPosts.accountId, dtPosts.postId],
            set: excluded(dtPosts, [
              'text',
              'likeCount',
              'retweetCount',
              'replyCount',
              'quoteCount',
              'impressionCount',
            ]),
          }),
      );
    },

    /** Newest first. */
    posts: (accountId: number) =>
      db.select().from(dtPosts).where(eq(dtPosts.accountId, accountId)).orderBy(desc(dtPosts.createdAt)),

    async post(accountId: number, postId: string): Promise<DtPostRow | undefined> {
      const [row] = await db
        .select()
        .from(dtPosts)
        .where(and(eq(dtPosts.accountId, accountId), eq(dtPosts.postId, postId)));
      return row;
    },

    async addEngagements(rows: (typeof dtEngagements.$inferInsert & { kind: EngagementKind })[]) {
      await inChunks(rows, (part) => db.insert(dtEngagements).values(part).onConflictDoNothing());
    },

    /** Engagements of some kinds with their users (only users the sync described), optionally of one post. */
    engagements: (accountId: number, kinds: EngagementKind[], postId?: string) =>
      db
        .select({ user: dtUsers, kind: dtEngagements.kind, postId: dtEngagements.postId })
        .from(dtEngagements)
        .innerJoin(
          dtUsers,
          and(eq(dtUsers.accountId, dtEngagements.accountId), eq(dtUsers.xUserId, dtEngagements.xUserId)),
        )
        .where(
          and(
            eq(dtEngagements.accountId, accountId),
            inArray(dtEngagements.kind, kinds),
            postId ? eq(dtEngagements.postId, postId) : undefined,
          ),
        ),

    /** How many posts engagement of some kinds was read from (the account's, or mentions of it). */
    async engagedPostCount(accountId: number, kinds: EngagementKind[]): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${dtEngagements.postId})::int` })
        .from(dtEngagements)
        .where(and(eq(dtEngagements.accountId, accountId), inArray(dtEngagements.kind, kinds)));
      return row?.n ?? 0;
    },

    async addActivity(rows: (typeof dtActivity.$inferInsert)[]) {
      await inChunks(rows, (part) => db.insert(dtActivity).values(part).onConflictDoNothing());
    },

    activity: (accountId: number) =>
      db.select({ at: dtActivity.at }).from(dtActivity).where(eq(dtActivity.accountId, accountId)),

    /** X's hourly post counts replace what an earlier sync read for the same hours. */
    async savePostCounts(accountId: number, counts: { start: Date; posts: number }[]) {
      await inChunks(counts, (part) =>
        db
          .insert(dtPostCounts)
          .values(part.map((c) => ({ accountId, ...c })))
          .onConflictDoUpdate({
            target: [dtPostCounts.accountId, dtPostCounts.start],
            set: { posts: sql`excluded.posts` },
          }),
      );
    },

    postCounts: (accountId: number) =>
      db
        .select({ start: dtPostCounts.start, posts: dtPostCounts.posts })
        .from(dtPostCounts)
        .where(eq(dtPostCounts.accountId, accountId)),
  };
}
