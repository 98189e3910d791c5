import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  dtAccounts,
  dtActivity,
  dtEngagements,
  dtJobItems,
  dtJobs,
  dtListMembers,
  dtLists,
  dtPosts,
  dtSpans,
  dtSyncs,
  dtUsers,
} from '../../db/schema';

export type DeepThoughtRepository = ReturnType<typeof createDeepThoughtRepository>;
export type DtAccountRow = typeof dtAccounts.$inferSelect;
export type DtUserRow = typeof dtUsers.$inferSelect;
export type DtUserInsert = typeof dtUsers.$inferInsert;
export type DtPostRow = typeof dtPosts.$inferSelect;
export type DtJobRow = typeof dtJobs.$inferSelect;
export type DtListRow = typeof dtLists.$inferSelect;
export type Direction = 'follower' | 'following';

const CHUNK = 500;
const chunks = <T>(items: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

/** The only code touching the dt_* tables. Every read is scoped by account, and accounts by user. */
export function createDeepThoughtRepository(db: Db) {
  /** Users of one account's synced copy, by id. */
  const userColumns = dtUsers;

  return {
    // ---- accounts ----
    listAccounts: (userId: number) =>
      db
        .select()
        .from(dtAccounts)
        .where(eq(dtAccounts.userId, userId))
        .orderBy(desc(dtAccounts.selectedAt), asc(dtAccounts.id)),

    async accountOf(userId: number, id: number): Promise<DtAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(dtAccounts)
        .where(and(eq(dtAccounts.id, id), eq(dtAccounts.userId, userId)));
      return row;
    },

    async accountById(id: number): Promise<DtAccountRow | undefined> {
      const [row] = await db.select().from(dtAccounts).where(eq(dtAccounts.id, id));
      return row;
    },

    /** Connects (or reconnects with a new token) and selects the account. */
    async upsertAccount(values: {
      userId: number;
      xUserId: string;
      username: string;
      name: string;
      sealedTokens: string;
      now: Date;
    }): Promise<DtAccountRow> {
      const [row] = await db
        .insert(dtAccounts)
        .values({ ...values, selectedAt: values.now, created: values.now })
        .onConflictDoUpdate({
          target: [dtAccounts.userId, dtAccounts.xUserId],
          set: {
            username: values.username,
            name: values.name,
            sealedTokens: values.sealedTokens,
            selectedAt: values.now,
          },
        })
        .returning();
      return row!;
    },

    async selectAccount(userId: number, id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(dtAccounts)
        .set({ selectedAt: now })
        .where(and(eq(dtAccounts.id, id), eq(dtAccounts.userId, userId)))
        .returning({ id: dtAccounts.id });
      return rows.length > 0;
    },

    async deleteAccount(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(dtAccounts)
        .where(and(eq(dtAccounts.id, id), eq(dtAccounts.userId, userId)))
        .returning({ id: dtAccounts.id });
      return rows.length > 0;
    },

    // ---- synced users and follow spans ----
    async upsertUsers(rows: DtUserInsert[]): Promise<void> {
      for (const part of chunks(rows))
        await db
          .insert(dtUsers)
          .values(part)
          .onConflictDoUpdate({
            target: [dtUsers.accountId, dtUsers.xUserId],
            set: {
              username: sql`excluded.username`,
              name: sql`excluded.name`,
              description: sql`excluded.description`,
              location: sql`excluded.location`,
              profileImageUrl: sql`excluded.profile_image_url`,
              verified: sql`excluded.verified`,
              protected: sql`excluded.protected`,
              createdAt: sql`excluded.created_at`,
              followersCount: sql`excluded.followers_count`,
              followingCount: sql`excluded.following_count`,
              tweetCount: sql`excluded.tweet_count`,
              listedCount: sql`excluded.listed_count`,
              spamScore: sql`excluded.spam_score`,
              spamReasons: sql`excluded.spam_reasons`,
              seenAt: sql`excluded.seen_at`,
            },
          });
    },

    /**
     * One sync's view of a direction: spans of ids no longer seen end at `now`, ids newly seen open
     * a span (`initial` on the account's first sync, when nobody can say since when they followed).
     */
    async recordSpans(accountId: number, direction: Direction, ids: string[], now: Date, initial: boolean) {
      await db.transaction(async (tx) => {
        const open = await tx
          .select({ id: dtSpans.id, xUserId: dtSpans.xUserId })
          .from(dtSpans)
          .where(
            and(eq(dtSpans.accountId, accountId), eq(dtSpans.direction, direction), isNull(dtSpans.until)),
          );
        const seen = new Set(ids);
        const openIds = new Set(open.map((s) => s.xUserId));
        const ended = open.filter((s) => !seen.has(s.xUserId)).map((s) => s.id);
        for (const part of chunks(ended))
          await tx.update(dtSpans).set({ until: now }).where(inArray(dtSpans.id, part));
        const started = ids.filter((id) => !openIds.has(id));
        for (const part of chunks(started))
          await tx
            .insert(dtSpans)
            .values(part.map((xUserId) => ({ accountId, xUserId, direction, since: now, initial })));
      });
    },

    /** Ids the account follows or is followed by now (open spans). */
    async openIds(accountId: number, direction: Direction): Promise<string[]> {
      const rows = await db
        .select({ id: dtSpans.xUserId })
        .from(dtSpans)
        .where(
          and(eq(dtSpans.accountId, accountId), eq(dtSpans.direction, direction), isNull(dtSpans.until)),
        );
      return rows.map((r) => r.id);
    },

    /** A page of the users in open spans of a direction. */
    async connections(
      accountId: number,
      direction: Direction,
      options: {
        offset: number;
        limit: number;
        search?: string | undefined;
        spam?: { min?: number; below?: number } | undefined;
        order: 'followers' | '-followers' | 'spam' | '-spam' | 'username' | '-username';
      },
    ): Promise<{ count: number; rows: DtUserRow[] }> {
      const like = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where = and(
        eq(dtSpans.accountId, accountId),
        eq(dtSpans.direction, direction),
        isNull(dtSpans.until),
        like ? or(ilike(dtUsers.username, like), ilike(dtUsers.name, like)) : undefined,
        options.spam?.min !== undefined ? gte(dtUsers.spamScore, options.spam.min) : undefined,
        options.spam?.below !== undefined ? lt(dtUsers.spamScore, options.spam.below) : undefined,
      );
      const join = and(eq(dtUsers.accountId, dtSpans.accountId), eq(dtUsers.xUserId, dtSpans.xUserId));
      const orderBy = {
        followers: asc(dtUsers.followersCount),
        '-followers': desc(dtUsers.followersCount),
        spam: asc(dtUsers.spamScore),
        '-spam': desc(dtUsers.spamScore),
        username: asc(dtUsers.username),
        '-username': desc(dtUsers.username),
      }[options.order];
      const [total] = await db.select({ n: count() }).from(dtSpans).innerJoin(dtUsers, join).where(where);
      const rows = await db
        .select({ user: userColumns })
        .from(dtSpans)
        .innerJoin(dtUsers, join)
        .where(where)
        .orderBy(orderBy, asc(dtUsers.xUserId))
        .offset(options.offset)
        .limit(options.limit);
      return { count: total?.n ?? 0, rows: rows.map((r) => r.user) };
    },

    /** Follower spans that began or ended inside [since, until). */
    async changes(accountId: number, since: Date, until: Date) {
      const base = and(eq(dtSpans.accountId, accountId), eq(dtSpans.direction, 'follower'));
      const join = and(eq(dtUsers.accountId, dtSpans.accountId), eq(dtUsers.xUserId, dtSpans.xUserId));
      const ended = await db
        .select({ user: userColumns, at: dtSpans.until })
        .from(dtSpans)
        .innerJoin(dtUsers, join)
        .where(and(base, isNotNull(dtSpans.until), gte(dtSpans.until, since), lt(dtSpans.until, until)))
        .orderBy(desc(dtSpans.until));
      const began = await db
        .select({ user: userColumns, at: dtSpans.since })
        .from(dtSpans)
        .innerJoin(dtUsers, join)
        .where(and(base, eq(dtSpans.initial, false), gte(dtSpans.since, since), lt(dtSpans.since, until)))
        .orderBy(desc(dtSpans.since));
      return {
        ended: ended.map((r) => ({ user: r.user, at: r.at! })),
        began: began.map((r) => ({ user: r.user, at: r.at })),
      };
    },

    async usersByIds(accountId: number, ids: string[]): Promise<DtUserRow[]> {
      const out: DtUserRow[] = [];
      for (const part of chunks(ids))
        out.push(
          ...(await db
            .select()
            .from(dtUsers)
            .where(and(eq(dtUsers.accountId, accountId), inArray(dtUsers.xUserId, part)))),
        );
      return out;
    },

    async addSync(accountId: number, finished: Date, followers: number, following: number) {
      await db.insert(dtSyncs).values({ accountId, finished, followers, following });
      await db.update(dtAccounts).set({ syncedAt: finished }).where(eq(dtAccounts.id, accountId));
    },

    async syncCount(accountId: number, since: Date, until: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(dtSyncs)
        .where(
          and(eq(dtSyncs.accountId, accountId), gte(dtSyncs.finished, since), lt(dtSyncs.finished, until)),
        );
      return row?.n ?? 0;
    },

    async hasSynced(accountId: number): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(dtSyncs).where(eq(dtSyncs.accountId, accountId));
      return (row?.n ?? 0) > 0;
    },

    // ---- posts, engagements, activity ----
    async upsertPosts(rows: (typeof dtPosts.$inferInsert)[]) {
      for (const part of chunks(rows))
        await db
          .insert(dtPosts)
          .values(part)
          .onConflictDoUpdate({
            target: [dtPosts.accountId, dtPosts.postId],
            set: {
              text: sql`excluded.text`,
              likeCount: sql`excluded.like_count`,
              retweetCount: sql`excluded.retweet_count`,
              replyCount: sql`excluded.reply_count`,
              quoteCount: sql`excluded.quote_count`,
              impressionCount: sql`excluded.impression_count`,
            },
          });
    },

    posts: (accountId: number) =>
      db.select().from(dtPosts).where(eq(dtPosts.accountId, accountId)).orderBy(desc(dtPosts.createdAt)),

    async post(accountId: number, postId: string): Promise<DtPostRow | undefined> {
      const [row] = await db
        .select()
        .from(dtPosts)
        .where(and(eq(dtPosts.accountId, accountId), eq(dtPosts.postId, postId)));
      return row;
    },

    async addEngagements(rows: (typeof dtEngagements.$inferInsert)[]) {
      for (const part of chunks(rows)) await db.insert(dtEngagements).values(part).onConflictDoNothing();
    },

    /** Engagements with their users, optionally of one post. */
    engagements: (accountId: number, postId?: string) =>
      db
        .select({ user: userColumns, kind: dtEngagements.kind, postId: dtEngagements.postId })
        .from(dtEngagements)
        .innerJoin(
          dtUsers,
          and(eq(dtUsers.accountId, dtEngagements.accountId), eq(dtUsers.xUserId, dtEngagements.xUserId)),
        )
        .where(
          and(eq(dtEngagements.accountId, accountId), postId ? eq(dtEngagements.postId, postId) : undefined),
        ),

    async engagedPostCount(accountId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${dtEngagements.postId})::int` })
        .from(dtEngagements)
        .where(eq(dtEngagements.accountId, accountId));
      return row?.n ?? 0;
    },

    async addActivity(rows: (typeof dtActivity.$inferInsert)[]) {
      for (const part of chunks(rows)) await db.insert(dtActivity).values(part).onConflictDoNothing();
    },

    activity: (accountId: number) =>
      db.select({ at: dtActivity.at }).from(dtActivity).where(eq(dtActivity.accountId, accountId)),

    // ---- lists ----
    lists: (accountId: number) =>
      db
        .select({
          list: dtLists,
          members: sql<number>`(select count(*)::int from ${dtListMembers} where ${dtListMembers.listId} = ${dtLists.id})`,
        })
        .from(dtLists)
        .where(eq(dtLists.accountId, accountId))
        .orderBy(desc(dtLists.created), desc(dtLists.id)),

    async list(accountId: number, id: number): Promise<DtListRow | undefined> {
      const [row] = await db
        .select()
        .from(dtLists)
        .where(and(eq(dtLists.accountId, accountId), eq(dtLists.id, id)));
      return row;
    },

    async upsertList(values: typeof dtLists.$inferInsert): Promise<DtListRow> {
      const [row] = await db
        .insert(dtLists)
        .values(values)
        .onConflictDoUpdate({
          target: [dtLists.accountId, dtLists.xListId],
          set: { name: values.name, description: values.description, private: values.private },
        })
        .returning();
      return row!;
    },

    async updateList(id: number, values: Partial<Pick<DtListRow, 'name' | 'description' | 'private'>>) {
      const [row] = await db.update(dtLists).set(values).where(eq(dtLists.id, id)).returning();
      return row;
    },

    async deleteList(id: number) {
      await db.delete(dtLists).where(eq(dtLists.id, id));
    },

    /** Lists on X no longer there are removed locally. */
    async keepLists(accountId: number, xListIds: string[]) {
      const rows = await db
        .select({ id: dtLists.id, xListId: dtLists.xListId })
        .from(dtLists)
        .where(eq(dtLists.accountId, accountId));
      const keep = new Set(xListIds);
      const gone = rows.filter((r) => !keep.has(r.xListId)).map((r) => r.id);
      if (gone.length > 0) await db.delete(dtLists).where(inArray(dtLists.id, gone));
    },

    async setMembers(listId: number, ids: string[]) {
      await db.transaction(async (tx) => {
        await tx.delete(dtListMembers).where(eq(dtListMembers.listId, listId));
        for (const part of chunks(ids))
          await tx
            .insert(dtListMembers)
            .values(part.map((xUserId) => ({ listId, xUserId })))
            .onConflictDoNothing();
      });
    },

    async addMembers(listId: number, ids: string[]) {
      if (ids.length > 0)
        await db
          .insert(dtListMembers)
          .values(ids.map((xUserId) => ({ listId, xUserId })))
          .onConflictDoNothing();
    },

    async removeMembers(listId: number, ids: string[]) {
      if (ids.length > 0)
        await db
          .delete(dtListMembers)
          .where(and(eq(dtListMembers.listId, listId), inArray(dtListMembers.xUserId, ids)));
    },

    async members(accountId: number, listId: number): Promise<DtUserRow[]> {
      const rows = await db
        .select({ user: userColumns })
        .from(dtListMembers)
        .innerJoin(dtUsers, and(eq(dtUsers.accountId, accountId), eq(dtUsers.xUserId, dtListMembers.xUserId)))
        .where(eq(dtListMembers.listId, listId))
        .orderBy(asc(dtUsers.username));
      return rows.map((r) => r.user);
    },

    // ---- jobs ----
    async createJob(values: typeof dtJobs.$inferInsert, items: string[] = []): Promise<DtJobRow> {
      return db.transaction(async (tx) => {
        const [job] = await tx.insert(dtJobs).values(values).returning();
        for (const part of chunks(items.map((xUserId, position) => ({ xUserId, position }))))
          await tx
            .insert(dtJobItems)
            .values(part.map((item) => ({ jobId: job!.id, ...item })))
            .onConflictDoNothing();
        return job!;
      });
    },

    async job(id: number): Promise<DtJobRow | undefined> {
      const [row] = await db.select().from(dtJobs).where(eq(dtJobs.id, id));
      return row;
    },

    async updateJob(id: number, values: Partial<Omit<DtJobRow, 'id' | 'accountId' | 'kind' | 'created'>>) {
      await db.update(dtJobs).set(values).where(eq(dtJobs.id, id));
    },

    /** The account's newest job of some kinds that has not finished. */
    async activeJob(accountId: number, kinds: string[]): Promise<DtJobRow | undefined> {
      const [row] = await db
        .select()
        .from(dtJobs)
        .where(
          and(
            eq(dtJobs.accountId, accountId),
            inArray(dtJobs.kind, kinds),
            inArray(dtJobs.state, ['queued', 'running', 'waiting']),
          ),
        )
        .orderBy(desc(dtJobs.id))
        .limit(1);
      return row;
    },

    async latestJob(accountId: number): Promise<DtJobRow | undefined> {
      const [row] = await db
        .select()
        .from(dtJobs)
        .where(eq(dtJobs.accountId, accountId))
        .orderBy(desc(dtJobs.id))
        .limit(1);
      return row;
    },

    unfinishedJobs: () =>
      db
        .select()
        .from(dtJobs)
        .where(inArray(dtJobs.state, ['queued', 'running', 'waiting']))
        .orderBy(asc(dtJobs.id)),

    pendingItems: (jobId: number) =>
      db
        .select({ xUserId: dtJobItems.xUserId })
        .from(dtJobItems)
        .where(and(eq(dtJobItems.jobId, jobId), eq(dtJobItems.state, 'pending')))
        .orderBy(asc(dtJobItems.position)),

    async finishItem(
      jobId: number,
      xUserId: string,
      state: 'done' | 'failed',
      error: string | null,
      at: Date,
    ) {
      await db
        .update(dtJobItems)
        .set({ state, error, doneAt: at.getTime() })
        .where(and(eq(dtJobItems.jobId, jobId), eq(dtJobItems.xUserId, xUserId)));
    },

    async itemCounts(jobId: number): Promise<{ done: number; failed: number; total: number }> {
      const rows = await db
        .select({ state: dtJobItems.state, n: count() })
        .from(dtJobItems)
        .where(eq(dtJobItems.jobId, jobId))
        .groupBy(dtJobItems.state);
      const by = Object.fromEntries(rows.map((r) => [r.state, r.n]));
      return {
        done: by.done ?? 0,
        failed: by.failed ?? 0,
        total: rows.reduce((s, r) => s + r.n, 0),
      };
    },

    /** Follow/unfollow actions done since a time (X's per-user follow limits count them). */
    async actionsSince(accountId: number, kind: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(dtJobItems)
        .innerJoin(dtJobs, eq(dtJobs.id, dtJobItems.jobId))
        .where(
          and(
            eq(dtJobs.accountId, accountId),
            eq(dtJobs.kind, kind),
            eq(dtJobItems.state, 'done'),
            gte(dtJobItems.doneAt, since.getTime()),
          ),
        );
      return row?.n ?? 0;
    },

    /** After a follow/unfollow on X: the local spans follow. */
    async applyFollow(accountId: number, xUserId: string, following: boolean, now: Date) {
      if (following) {
        const [open] = await db
          .select({ id: dtSpans.id })
          .from(dtSpans)
          .where(
            and(
              eq(dtSpans.accountId, accountId),
              eq(dtSpans.direction, 'following'),
              eq(dtSpans.xUserId, xUserId),
              isNull(dtSpans.until),
            ),
          );
        if (!open)
          await db.insert(dtSpans).values({ accountId, xUserId, direction: 'following', since: now });
      } else
        await db
          .update(dtSpans)
          .set({ until: now })
          .where(
            and(
              eq(dtSpans.accountId, accountId),
              eq(dtSpans.direction, 'following'),
              eq(dtSpans.xUserId, xUserId),
              isNull(dtSpans.until),
            ),
          );
    },
  };
}
