import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { excluded } from '../../../db/excluded';
import { dtAccounts, dtSpans, dtSyncs, dtUsers } from '../../../db/schema';
import { inChunks } from './chunks';

export type DtUserRow = typeof dtUsers.$inferSelect;
export type DtUserInsert = typeof dtUsers.$inferInsert;
export type Direction = 'follower' | 'following';
export type ConnectionOrder = 'followers' | '-followers' | 'spam' | '-spam' | 'username' | '-username';

const openSpans = (accountId: number, direction: Direction) =>
  and(eq(dtSpans.accountId, accountId), eq(dtSpans.direction, direction), isNull(dtSpans.until));
/** A span's user as the account's synced copy describes them. */
const spanUser = and(eq(dtUsers.accountId, dtSpans.accountId), eq(dtUsers.xUserId, dtSpans.xUserId));

/** Synced X users, follow spans (who follows whom, since and until when) and completed syncs. */
export function connectionQueries(db: Db) {
  return {
    async upsertUsers(rows: DtUserInsert[]): Promise<void> {
      await inChunks(rows, (part) =>
        db
          .insert(dtUsers)
          .values(part)
          .onConflictDoUpdate({
            target: [dtUsers.accountId, dtUsers.xUserId],
            set: excluded(dtUsers, [
              'username',
              'name',
              'description',
              'location',
              'profileImageUrl',
              'verified',
              'protected',
              'createdAt',
              'followersCount',
              'followingCount',
              'tweetCount',
              'listedCount',
              'spamScore',
              'spamReasons',
              'seenAt',
            ]),
          }),
      );
    },

    async usersByIds(accountId: number, ids: string[]): Promise<DtUserRow[]> {
      const parts = await inChunks(ids, (part) =>
        db
          .select()
          .from(dtUsers)
          .where(and(eq(dtUsers.accountId, accountId), inArray(dtUsers.xUserId, part))),
      );
      return parts.flat();
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
          .where(openSpans(accountId, direction));
        const seen = new Set(ids);
        const openIds = new Set(open.map((s) => s.xUserId));
        const ended = open.filter((s) => !seen.has(s.xUserId)).map((s) => s.id);
        await inChunks(ended, (part) =>
          tx.update(dtSpans).set({ until: now }).where(inArray(dtSpans.id, part)),
        );
        const started = ids.filter((id) => !openIds.has(id));
        await inChunks(started, (part) =>
          tx
            .insert(dtSpans)
            .values(part.map((xUserId) => ({ accountId, xUserId, direction, since: now, initial }))),
        );
      });
    },

    /** Ids the account follows or is followed by now (open spans). */
    async openIds(accountId: number, direction: Direction): Promise<string[]> {
      const rows = await db
        .select({ id: dtSpans.xUserId })
        .from(dtSpans)
        .where(openSpans(accountId, direction));
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
        order: ConnectionOrder;
      },
    ): Promise<{ count: number; rows: DtUserRow[] }> {
      const like = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where = and(
        openSpans(accountId, direction),
        like ? or(ilike(dtUsers.username, like), ilike(dtUsers.name, like)) : undefined,
        options.spam?.min !== undefined ? gte(dtUsers.spamScore, options.spam.min) : undefined,
        options.spam?.below !== undefined ? lt(dtUsers.spamScore, options.spam.below) : undefined,
      );
      const orderBy = {
        followers: asc(dtUsers.followersCount),
        '-followers': desc(dtUsers.followersCount),
        spam: asc(dtUsers.spamScore),
        '-spam': desc(dtUsers.spamScore),
        username: asc(dtUsers.username),
        '-username': desc(dtUsers.username),
      }[options.order];
      const [total] = await db.select({ n: count() }).from(dtSpans).innerJoin(dtUsers, spanUser).where(where);
      const rows = await db
        .select({ user: dtUsers })
        .from(dtSpans)
        .innerJoin(dtUsers, spanUser)
        .where(where)
        .orderBy(orderBy, asc(dtUsers.xUserId))
        .offset(options.offset)
        .limit(options.limit);
      return { count: total?.n ?? 0, rows: rows.map((r) => r.user) };
    },

    /** Follower spans that began or ended inside [since, until). */
    async changes(accountId: number, since: Date, until: Date) {
      const base = and(eq(dtSpans.accountId, accountId), eq(dtSpans.direction, 'follower'));
      const ended = await db
        .select({ user: dtUsers, at: dtSpans.until })
        .from(dtSpans)
        .innerJoin(dtUsers, spanUser)
        .where(and(base, isNotNull(dtSpans.until), gte(dtSpans.until, since), lt(dtSpans.until, until)))
        .orderBy(desc(dtSpans.until));
      const began = await db
        .select({ user: dtUsers, at: dtSpans.since })
        .from(dtSpans)
        .innerJoin(dtUsers, spanUser)
        .where(and(base, eq(dtSpans.initial, false), gte(dtSpans.since, since), lt(dtSpans.since, until)))
        .orderBy(desc(dtSpans.since));
      return {
        ended: ended.map((r) => ({ user: r.user, at: r.at! })),
        began: began.map((r) => ({ user: r.user, at: r.at })),
      };
    },

    /** After a follow/unfollow on X: the local 'following' span opens or ends. */
    async applyFollow(accountId: number, xUserId: string, following: boolean, now: Date) {
      const open = and(openSpans(accountId, 'following'), eq(dtSpans.xUserId, xUserId));
      if (!following) {
        await db.update(dtSpans).set({ until: now }).where(open);
        return;
      }
      const [already] = await db.select({ id: dtSpans.id }).from(dtSpans).where(open);
      if (!already)
        await db.insert(dtSpans).values({ accountId, xUserId, direction: 'following', since: now });
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
  };
}
