import type { DtChanges, DtEngager } from '@murmur/core/api';
import type { Clock } from '../../lib/clock';
import { bestTime, countryOfLocation, ownPostingHours, payoutPrediction, topicsOf } from './analyses';
import type { DeepThoughtRepository, Direction, DtAccountRow, DtUserRow } from './deepthought.repository';
import { DAY_MS } from './follow-job';
import { iso, presentUser } from './presenters';
import { SPAM_THRESHOLD } from './spam';

/** Engagement others give the account, counted per engager. */
const RECEIVED = ['like', 'repost', 'quote', 'mention'] as const;

/** Who engaged with the account (optionally on one post), most engaged first. */
async function engagersOf(
  repo: DeepThoughtRepository,
  accountId: number,
  postId?: string,
): Promise<DtEngager[]> {
  const by = new Map<string, DtEngager>();
  for (const row of await repo.engagements(accountId, [...RECEIVED], postId)) {
    const e = by.get(row.user.xUserId) ?? {
      user: presentUser(row.user),
      likes: 0,
      reposts: 0,
      quotes: 0,
      mentions: 0,
      total: 0,
      liked_by_you: 0,
    };
    if (row.kind === 'like') e.likes++;
    else if (row.kind === 'repost') e.reposts++;
    else if (row.kind === 'quote') e.quotes++;
    else e.mentions++;
    e.total++;
    by.set(row.user.xUserId, e);
  }
  if (by.size > 0)
    for (const row of await repo.engagements(accountId, ['liked'])) {
      const e = by.get(row.user.xUserId);
      if (e) e.liked_by_you++;
    }
  return [...by.values()].sort((a, b) => b.total - a.total || a.user.username.localeCompare(b.user.username));
}

/**
 * The analyses of one account's synced copy (SPEC §7 analytics tool): each reads the repository
 * and hands rows to the pure functions of analyses.ts. Access is checked by the caller.
 */
export function accountAnalyses(repo: DeepThoughtRepository, clock: Clock) {
  const spamOnly = { min: SPAM_THRESHOLD };

  async function changesOf(account: DtAccountRow, since: Date, until: Date): Promise<DtChanges> {
    const { ended, began } = await repo.changes(account.id, since, until);
    return {
      since: since.toISOString(),
      until: until.toISOString(),
      synced_at: iso(account.syncedAt),
      syncs: await repo.syncCount(account.id, since, until),
      unfollowers: ended.map((c) => ({ user: presentUser(c.user), at: c.at.toISOString() })),
      new_followers: began.map((c) => ({ user: presentUser(c.user), at: c.at.toISOString() })),
    };
  }

  async function statsOf(account: DtAccountRow) {
    const now = clock.now();
    const followers = await repo.openIds(account.id, 'follower');
    const following = new Set(await repo.openIds(account.id, 'following'));
    const posts = await repo.posts(account.id);
    const changes = await repo.changes(
      account.id,
      new Date(now.getTime() - 7 * DAY_MS),
      new Date(now.getTime() + 1),
    );
    const spam = await repo.connections(account.id, 'follower', {
      offset: 0,
      limit: 1,
      order: '-spam',
      spam: spamOnly,
    });
    return {
      synced_at: iso(account.syncedAt),
      followers: followers.length,
      following: following.size,
      mutuals: followers.filter((id) => following.has(id)).length,
      posts: posts.length,
      likes: posts.reduce((s, p) => s + p.likeCount, 0),
      reposts: posts.reduce((s, p) => s + p.retweetCount, 0),
      impressions: posts.reduce((s, p) => s + p.impressionCount, 0),
      new_followers_7d: changes.began.length,
      unfollowers_7d: changes.ended.length,
      spam_followers: spam.count,
      lists: (await repo.lists(account.id)).length,
    };
  }

  /** Followers' activity hours, beside the account's own posting hours from X's post counts. */
  async function bestTimeOf(account: DtAccountRow, timeZone: string) {
    const times = (await repo.activity(account.id)).map((a) => a.at);
    // The 7 days up to X's newest count (X's clock: the sandbox's may be simulated ahead of ours).
    const counts = await repo.postCounts(account.id);
    const newest = Math.max(0, ...counts.map((c) => c.start.getTime()));
    return {
      time_zone: timeZone,
      synced_at: iso(account.syncedAt),
      ...bestTime(times, timeZone),
      ...ownPostingHours(
        counts.filter((c) => c.start.getTime() > newest - 7 * DAY_MS),
        timeZone,
      ),
    };
  }

  async function payoutOf(account: DtAccountRow) {
    const posts = await repo.posts(account.id);
    const followerIds = await repo.openIds(account.id, 'follower');
    const verified = (await repo.usersByIds(account.id, followerIds)).filter((u) => u.verified).length;
    const newest = posts[0]?.createdAt ?? clock.now();
    return {
      synced_at: iso(account.syncedAt),
      ...payoutPrediction({ posts, verifiedFollowers: verified, reference: newest }),
    };
  }

  async function topicsFor(account: DtAccountRow, of: 'posts' | 'following') {
    if (of === 'posts') {
      const posts = await repo.posts(account.id);
      return {
        synced_at: iso(account.syncedAt),
        basis: posts.length,
        results: topicsOf(posts.map((p) => p.text)),
      };
    }
    const users = await repo.usersByIds(account.id, await repo.openIds(account.id, 'following'));
    return {
      synced_at: iso(account.syncedAt),
      basis: users.length,
      results: topicsOf(users.map((u) => `${u.name} ${u.description}`)),
    };
  }

  /** The likeliest spam first, up to `limit` per direction, with how many were checked. */
  async function spamOf(account: DtAccountRow, limit: number) {
    const page = (direction: Direction) =>
      repo.connections(account.id, direction, { offset: 0, limit, order: '-spam', spam: spamOnly });
    const followers = await page('follower');
    const following = await page('following');
    return {
      synced_at: iso(account.syncedAt),
      followers_checked: (await repo.openIds(account.id, 'follower')).length,
      following_checked: (await repo.openIds(account.id, 'following')).length,
      spam_followers: followers.count,
      spam_following: following.count,
      threshold: SPAM_THRESHOLD,
      followers: followers.rows.map(presentUser),
      following: following.rows.map(presentUser),
    };
  }

  /** Followers per country from profile locations; with a country, its 100 biggest followers. */
  async function xstatsOf(account: DtAccountRow, country: string | undefined) {
    const users = await repo.usersByIds(account.id, await repo.openIds(account.id, 'follower'));
    const by = new Map<string, { name: string; users: DtUserRow[] }>();
    let located = 0;
    for (const u of users) {
      const place = countryOfLocation(u.location);
      if (!place) continue;
      located++;
      const entry = by.get(place.code) ?? { name: place.name, users: [] };
      entry.users.push(u);
      by.set(place.code, entry);
    }
    const chosen = country ? by.get(country) : undefined;
    return {
      synced_at: iso(account.syncedAt),
      followers: users.length,
      located,
      countries: [...by.entries()]
        .map(([code, e]) => ({ country: code, name: e.name, followers: e.users.length }))
        .sort((a, b) => b.followers - a.followers || a.country.localeCompare(b.country)),
      country: country ?? null,
      accounts: (chosen?.users ?? [])
        .sort((a, b) => b.followersCount - a.followersCount)
        .slice(0, 100)
        .map(presentUser),
    };
  }

  return {
    engagersOf: (accountId: number, postId?: string) => engagersOf(repo, accountId, postId),
    changesOf,
    statsOf,
    bestTimeOf,
    payoutOf,
    topicsFor,
    spamOf,
    xstatsOf,
  };
}

export type AccountAnalyses = ReturnType<typeof accountAnalyses>;
