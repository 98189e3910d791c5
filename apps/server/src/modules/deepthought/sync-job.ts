import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type {
  DeepThoughtRepository,
  DtAccountRow,
  DtJobRow,
  DtUserInsert,
  EngagementKind,
} from './deepthought.repository';
import { DT_AUTO_SYNC_RETRY_MS, DT_SYNC_REFRESH_MS } from '@murmur/core/api';
import type { JobControls } from './job-runner';
import { SPAM_THRESHOLD, spamVerdict } from './spam';
import {
  XError,
  type XPage,
  type XPostCount,
  type XUserSession,
  type XV2Post,
  type XV2User,
} from '../../integrations/x';

export const SYNC_STAGES = [
  'Account',
  'Followers',
  'Following',
  'Posts',
  'Engagers',
  'Mentions',
  'Likes',
  'Activity',
  'Lists',
] as const;

const UNFINISHED = new Set(['queued', 'running', 'waiting']);

/**
 * Whether opening the suite should start a sync by itself (status `sync_due`; the caller has checked
 * premium): the copy was never made or is older than DT_SYNC_REFRESH_MS, no sync is running, and
 * none started within DT_AUTO_SYNC_RETRY_MS (a sync that failed is not retried on every visit;
 * "Sync now" still is).
 */
export function syncDue(account: DtAccountRow, lastSync: DtJobRow | undefined, now: Date): boolean {
  if (lastSync && UNFINISHED.has(lastSync.state)) return false;
  if (lastSync && now.getTime() - lastSync.created.getTime() < DT_AUTO_SYNC_RETRY_MS) return false;
  return account.syncedAt === null || now.getTime() - account.syncedAt.getTime() >= DT_SYNC_REFRESH_MS;
}

/** syncDue of the account's newest sync job (the caller has checked premium). */
export const syncDueOf = async (repo: DeepThoughtRepository, account: DtAccountRow, now: Date) =>
  syncDue(account, await repo.latestJob(account.id, ['sync']), now);

/** How many of the newest engaged posts a sync reads engagers of; followers sampled for activity. */
const ENGAGER_POSTS = 20;
const ACTIVITY_SAMPLE = 20;
const MAX_POSTS = 200;
/** The newest mentions and liked posts read per sync. */
const MAX_MENTIONS = 200;
const MAX_LIKED = 200;

export const toUserRow = (accountId: number, user: XV2User, reference: Date, now: Date): DtUserInsert => {
  const verdict = spamVerdict(user, reference);
  return {
    accountId,
    xUserId: user.id,
    username: user.username,
    name: user.name,
    description: user.description ?? '',
    location: user.location ?? '',
    profileImageUrl: user.profile_image_url ?? '',
    verified: user.verified ?? false,
    protected: user.protected ?? false,
    createdAt: user.created_at ? new Date(user.created_at) : null,
    followersCount: user.public_metrics?.followers_count ?? 0,
    followingCount: user.public_metrics?.following_count ?? 0,
    tweetCount: user.public_metrics?.tweet_count ?? 0,
    listedCount: user.public_metrics?.listed_count ?? 0,
    spamScore: verdict.score,
    spamReasons: verdict.reasons,
    seenAt: now,
  };
};

const metric = (p: XV2Post, key: keyof NonNullable<XV2Post['public_metrics']>) =>
  p.public_metrics?.[key] ?? 0;

/**
 * A sync of one account from X's API v2 with its owner's token: the account, followers and
 * following (follow spans, so the next sync sees who left and who came), posts with metrics, who
 * liked, reposted and quoted the newest engaged posts, mentions of the account, the posts it liked,
 * its followers' activity hours and its own post counts, and its lists with members. Each stage
 * follows X's pagination and waits for X's rate-limit resets.
 */
export async function runSyncJob(
  deps: {
    repo: DeepThoughtRepository;
    clock: Clock;
    log: FastifyBaseLogger;
    session: (account: DtAccountRow) => XUserSession;
  },
  c: JobControls,
  job: DtJobRow,
): Promise<void> {
  const { repo, clock } = deps;
  const account = await repo.accountById(job.accountId);
  if (!account) return;
  const x = deps.session(account);
  const total = SYNC_STAGES.length;
  const stage = (name: (typeof SYNC_STAGES)[number]) =>
    c.touch(job.id, { state: 'running', stage: name, done: SYNC_STAGES.indexOf(name), total });
  const now = clock.now();
  const initial = !(await repo.hasSynced(account.id));
  const all = <T>(fetch: (token: string | undefined) => Promise<XPage<T>>, limit?: number) =>
    c.allPages(job.id, fetch, limit);

  await stage('Account');
  const me = await c.limited(job.id, () => x.me());
  await stage('Followers');
  const followers = (await all((t) => x.followers(account.xUserId, t))).data;
  await stage('Following');
  const following = (await all((t) => x.following(account.xUserId, t))).data;
  await stage('Posts');
  const posts = (await all((t) => x.posts(account.xUserId, t, 100), MAX_POSTS)).data;
  // Account ages are measured at the newest activity seen: X's "now" (the sandbox's simulated clock).
  const newest = Math.max(...posts.map((p) => (p.created_at ? Date.parse(p.created_at) : 0)), 0);
  let reference = newest > 0 ? new Date(Math.min(newest, now.getTime())) : now;
  await repo.upsertPosts(
    posts.map((p) => ({
      accountId: account.id,
      postId: p.id,
      text: p.text,
      createdAt: p.created_at ? new Date(p.created_at) : now,
      likeCount: metric(p, 'like_count'),
      retweetCount: metric(p, 'retweet_count'),
      replyCount: metric(p, 'reply_count'),
      quoteCount: metric(p, 'quote_count'),
      impressionCount: metric(p, 'impression_count'),
    })),
  );

  const seenUsers: XV2User[] = [];
  const engagements: { postId: string; xUserId: string; kind: EngagementKind }[] = [];
  /** Posts by others (mentions, quotes, liked posts) as engagement of a kind by their authors. */
  const byAuthors = (found: { data: XV2Post[]; users: XV2User[] }, kind: EngagementKind, on?: string) => {
    seenUsers.push(...found.users);
    for (const p of found.data)
      if (p.author_id && p.author_id !== account.xUserId)
        engagements.push({ postId: on ?? p.id, xUserId: p.author_id, kind });
  };

  await stage('Engagers');
  const engaged = posts
    .filter((p) => metric(p, 'like_count') + metric(p, 'retweet_count') + metric(p, 'quote_count') > 0)
    .slice(0, ENGAGER_POSTS);
  for (const post of engaged) {
    const readers: [keyof NonNullable<XV2Post['public_metrics']>, EngagementKind, typeof x.likingUsers][] = [
      ['like_count', 'like', x.likingUsers],
      ['retweet_count', 'repost', x.repostedBy],
    ];
    for (const [count, kind, read] of readers)
      if (metric(post, count) > 0)
        for (const u of (await c.limited(job.id, () => read(post.id))).data) {
          seenUsers.push(u);
          engagements.push({ postId: post.id, xUserId: u.id, kind });
        }
    if (metric(post, 'quote_count') > 0)
      byAuthors(await c.limited(job.id, () => x.quotes(post.id)), 'quote', post.id);
  }

  await stage('Mentions');
  byAuthors(await all((t) => x.mentions(account.xUserId, t), MAX_MENTIONS), 'mention');

  await stage('Likes');
  byAuthors(await all((t) => x.likedPosts(account.xUserId, t), MAX_LIKED), 'liked');

  await stage('Activity');
  // Activity hours: the recent posts of the followers who post most (spam excluded).
  const sample = followers
    .filter((u) => spamVerdict(u, reference).score < SPAM_THRESHOLD && !u.protected)
    .sort((a, b) => (b.public_metrics?.tweet_count ?? 0) - (a.public_metrics?.tweet_count ?? 0))
    .slice(0, ACTIVITY_SAMPLE);
  const activity: { xUserId: string; postId: string; at: Date }[] = [];
  for (const follower of sample) {
    const page = await c.limited(job.id, () => x.posts(follower.id, undefined, 20));
    for (const p of page.data)
      if (p.created_at) activity.push({ xUserId: follower.id, postId: p.id, at: new Date(p.created_at) });
  }
  const newestActivity = Math.max(...activity.map((a) => a.at.getTime()), 0);
  if (newestActivity > reference.getTime() && newestActivity <= now.getTime())
    reference = new Date(newestActivity);
  const counts = await ownPostCounts(deps.log, c, job.id, () => x.postCounts(me.username));

  const users = new Map<string, XV2User>();
  for (const u of [...followers, ...following, ...seenUsers]) users.set(u.id, u);
  users.set(me.id, me);
  await repo.upsertUsers([...users.values()].map((u) => toUserRow(account.id, u, reference, now)));
  await repo.addEngagements(engagements.map((e) => ({ accountId: account.id, ...e, seenAt: now })));
  await repo.addActivity(activity.map((a) => ({ accountId: account.id, ...a })));
  await repo.savePostCounts(account.id, counts);
  const ids = (list: XV2User[]) => list.map((u) => u.id);
  await repo.recordSpans(account.id, 'follower', ids(followers), now, initial);
  await repo.recordSpans(account.id, 'following', ids(following), now, initial);

  await stage('Lists');
  const lists = (await all((t) => x.ownedLists(account.xUserId, t))).data;
  await repo.keepLists(
    account.id,
    lists.map((l) => l.id),
  );
  for (const list of lists.slice(0, 20)) {
    const row = await repo.upsertList({
      accountId: account.id,
      xListId: list.id,
      name: list.name,
      description: list.description ?? '',
      private: list.private ?? false,
    });
    const members = (await all((t) => x.listMembers(list.id, t), 5000)).data;
    await repo.upsertUsers(members.map((u) => toUserRow(account.id, u, reference, now)));
    await repo.setMembers(row.id, ids(members));
  }
  await repo.addSync(account.id, clock.now(), followers.length, following.length);
  await c.touch(job.id, { state: 'done', stage: 'Done', done: total, total });
}

/**
 * The account's hourly post counts. X serves recent counts to some access levels only: a refusal
 * (4xx) leaves the best time to post without the account's own hours rather than failing the sync.
 */
async function ownPostCounts(
  log: FastifyBaseLogger,
  c: JobControls,
  job: number,
  read: () => Promise<XPostCount[]>,
): Promise<{ start: Date; posts: number }[]> {
  try {
    const buckets = await c.limited(job, read);
    return buckets.map((b) => ({ start: new Date(b.start), posts: b.post_count ?? b.tweet_count ?? 0 }));
  } catch (error) {
    if (!(error instanceof XError) || error.status === 0) throw error;
    log.info({ job, err: error }, 'deepthought: X refused post counts; the sync goes on without them');
    return [];
  }
}
