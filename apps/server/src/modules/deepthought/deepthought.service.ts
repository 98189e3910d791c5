import type { FastifyBaseLogger } from 'fastify';
import type {
  DtChanges,
  DtEngager,
  DtJob,
  DtPost,
  DtUser,
  DtUsersPage,
  FollowUnfollow,
  PatchXList,
  SaveXList,
  XAccount,
  XList,
  XListMembersChange,
} from '@murmur/core/api';
import { BadRequest, NotFound, ServiceUnavailable } from '../../errors';
import type { Clock } from '../../lib/clock';
import { seal, unseal } from '../../lib/crypto';
import { bestTime, countryOfLocation, payoutPrediction, topicsOf } from './analyses';
import type {
  DeepThoughtRepository,
  Direction,
  DtAccountRow,
  DtJobRow,
  DtListRow,
  DtPostRow,
  DtUserInsert,
  DtUserRow,
} from './deepthought.repository';
import { PremiumRequired } from './premium-gate';
import { SPAM_THRESHOLD, spamVerdict } from './spam';
import { answer, parseQuestion, type TalkFacts } from './talk';
import type { TalkPhraser } from './talk-model';
import {
  XCallFailed,
  XRateLimited,
  type RateLimit,
  type XPage,
  type XUserApi,
  type XUserSession,
  type XV2User,
} from './x-user-api';

export type DeepThoughtService = ReturnType<typeof createDeepThoughtService>;

/** Whether a user holds an active premium subscription (the billing side's rule, wired in modules/index.ts). */
export type PremiumCheck = (userId: number) => Promise<boolean>;

const TOKEN_PURPOSE = 'deepthought-x-token';
/** X's published per-user limit on follows: 400 a day (the endpoint's 50 per 15 min comes in headers). */
export const FOLLOWS_PER_DAY = 400;
const DAY_MS = 86_400_000;
/** How many of the newest posts a sync reads engagers of, and how many followers it samples for activity. */
const ENGAGER_POSTS = 20;
const ACTIVITY_SAMPLE = 20;
const MAX_POSTS = 200;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function presentUser(row: DtUserRow): DtUser {
  return {
    id: row.xUserId,
    username: row.username,
    name: row.name,
    description: row.description,
    location: row.location,
    profile_image_url: row.profileImageUrl,
    verified: row.verified,
    protected: row.protected,
    created_at: iso(row.createdAt),
    followers_count: row.followersCount,
    following_count: row.followingCount,
    tweet_count: row.tweetCount,
    spam_score: row.spamScore,
    spam_reasons: row.spamReasons,
  };
}

const presentPost = (row: DtPostRow): DtPost => ({
  id: row.postId,
  text: row.text,
  created_at: row.createdAt.toISOString(),
  like_count: row.likeCount,
  retweet_count: row.retweetCount,
  reply_count: row.replyCount,
  quote_count: row.quoteCount,
  impression_count: row.impressionCount,
});

const presentJob = (row: DtJobRow): DtJob => ({
  id: row.id,
  kind: row.kind as DtJob['kind'],
  state: row.state as DtJob['state'],
  stage: row.stage,
  done: row.done,
  total: row.total,
  failed: row.failed,
  wait_until: iso(row.waitUntil),
  error: row.error,
  created: row.created.toISOString(),
  updated: row.updated.toISOString(),
});

export function createDeepThoughtService(deps: {
  repository: DeepThoughtRepository;
  xApi: XUserApi;
  secret: string;
  clock: Clock;
  log: FastifyBaseLogger;
  premium: PremiumCheck;
  phraser?: TalkPhraser | undefined;
  /** Sleeps until a time (tests shorten it); defaults to a timer. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}) {
  const { repository: repo, xApi, secret, clock, log } = deps;
  const running = new Map<number, Promise<void>>();
  const stop = new AbortController();
  const sleep =
    deps.sleep ??
    ((ms: number, signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, ms));
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      }));

  const presentAccount = (row: DtAccountRow, selected: boolean): XAccount => ({
    id: row.id,
    x_user_id: row.xUserId,
    username: row.username,
    name: row.name,
    selected,
    synced_at: iso(row.syncedAt),
  });

  const session = (account: DtAccountRow): XUserSession => {
    const tokens = JSON.parse(unseal(secret, TOKEN_PURPOSE, account.sealedTokens)) as {
      accessToken: string;
      accessSecret: string;
    };
    return xApi.as(tokens);
  };

  /** The account the suite shows: the most recently selected. 404 until one is connected. */
  async function selected(userId: number): Promise<DtAccountRow> {
    const [account] = await repo.listAccounts(userId);
    if (!account) throw new NotFound('Sign in with X to connect an account first.');
    return account;
  }

  /** SPEC §7 pages beyond the dashboard: an active premium subscription, checked here and only here. */
  async function premiumAccount(userId: number): Promise<DtAccountRow> {
    if (!(await deps.premium(userId))) throw new PremiumRequired();
    return selected(userId);
  }

  const toUserRow = (accountId: number, user: XV2User, reference: Date, now: Date): DtUserInsert => {
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

  // ---- jobs: durable state in dt_jobs, one runner per job in this process ----

  async function touch(job: number, values: Parameters<DeepThoughtRepository['updateJob']>[1]) {
    await repo.updateJob(job, { ...values, updated: clock.now() });
  }

  /** Waits for X's window to reset (x-rate-limit-reset), showing the job as waiting meanwhile. */
  async function waitForReset(job: number, reset: number) {
    const until = new Date(reset * 1000 + 1000);
    await touch(job, { state: 'waiting', waitUntil: until });
    log.info({ job, until }, 'deepthought: X rate limit reached, waiting for the reset');
    await sleep(until.getTime() - Date.now(), stop.signal);
    stop.signal.throwIfAborted();
    await touch(job, { state: 'running', waitUntil: null });
  }

  /** One X call, retried after the reset while X answers 429. */
  async function limited<T>(job: number, run: () => Promise<T>): Promise<T> {
    for (;;) {
      stop.signal.throwIfAborted();
      try {
        return await run();
      } catch (error) {
        if (error instanceof XRateLimited) await waitForReset(job, error.reset);
        else throw error;
      }
    }
  }

  /** Every page of a listing, following next_token; an exhausted window is waited out before the next page. */
  async function allPages<T>(
    job: number,
    fetch: (token: string | undefined) => Promise<XPage<T>>,
    limit = Infinity,
  ): Promise<T[]> {
    const out: T[] = [];
    let token: string | undefined;
    do {
      const page = await limited(job, () => fetch(token));
      out.push(...page.data);
      token = page.nextToken;
      if (token && out.length < limit && page.rateLimit?.remaining === 0)
        await waitForReset(job, page.rateLimit.reset);
    } while (token && out.length < limit);
    return out.slice(0, limit);
  }

  const SYNC_STAGES = ['Account', 'Followers', 'Following', 'Posts', 'Engagers', 'Activity', 'Lists'];

  async function runSync(job: DtJobRow): Promise<void> {
    const account = await repo.accountById(job.accountId);
    if (!account) return;
    const x = session(account);
    const stage = (i: number) =>
      touch(job.id, { state: 'running', stage: SYNC_STAGES[i]!, done: i, total: SYNC_STAGES.length });
    const now = clock.now();
    const initial = !(await repo.hasSynced(account.id));

    await stage(0);
    const me = await limited(job.id, () => x.me());
    await stage(1);
    const followers = await allPages(job.id, (t) => x.followers(account.xUserId, t));
    await stage(2);
    const following = await allPages(job.id, (t) => x.following(account.xUserId, t));
    await stage(3);
    const posts = await allPages(job.id, (t) => x.posts(account.xUserId, t, 100), MAX_POSTS);
    // Account ages are measured at the newest activity seen: X's "now" (the sandbox's simulated clock).
    const newest = Math.max(...posts.map((p) => (p.created_at ? Date.parse(p.created_at) : 0)), 0);
    let reference = newest > 0 ? new Date(Math.min(newest, now.getTime())) : now;
    await repo.upsertPosts(
      posts.map((p) => ({
        accountId: account.id,
        postId: p.id,
        text: p.text,
        createdAt: p.created_at ? new Date(p.created_at) : now,
        likeCount: p.public_metrics?.like_count ?? 0,
        retweetCount: p.public_metrics?.retweet_count ?? 0,
        replyCount: p.public_metrics?.reply_count ?? 0,
        quoteCount: p.public_metrics?.quote_count ?? 0,
        impressionCount: p.public_metrics?.impression_count ?? 0,
      })),
    );

    await stage(4);
    const engaged = posts
      .filter((p) => (p.public_metrics?.like_count ?? 0) + (p.public_metrics?.retweet_count ?? 0) > 0)
      .slice(0, ENGAGER_POSTS);
    const engagers: XV2User[] = [];
    const engagements: { postId: string; xUserId: string; kind: string }[] = [];
    for (const post of engaged) {
      if ((post.public_metrics?.like_count ?? 0) > 0)
        for (const u of (await limited(job.id, () => x.likingUsers(post.id))).data) {
          engagers.push(u);
          engagements.push({ postId: post.id, xUserId: u.id, kind: 'like' });
        }
      if ((post.public_metrics?.retweet_count ?? 0) > 0)
        for (const u of (await limited(job.id, () => x.repostedBy(post.id))).data) {
          engagers.push(u);
          engagements.push({ postId: post.id, xUserId: u.id, kind: 'repost' });
        }
    }

    await stage(5);
    // Activity hours: the recent posts of the followers who post most (spam excluded).
    const sample = followers
      .filter((u) => spamVerdict(u, reference).score < SPAM_THRESHOLD && !u.protected)
      .sort((a, b) => (b.public_metrics?.tweet_count ?? 0) - (a.public_metrics?.tweet_count ?? 0))
      .slice(0, ACTIVITY_SAMPLE);
    const activity: { xUserId: string; postId: string; at: Date }[] = [];
    for (const follower of sample) {
      const page = await limited(job.id, () => x.posts(follower.id, undefined, 20));
      for (const p of page.data)
        if (p.created_at) activity.push({ xUserId: follower.id, postId: p.id, at: new Date(p.created_at) });
    }
    const newestActivity = Math.max(...activity.map((a) => a.at.getTime()), 0);
    if (newestActivity > reference.getTime() && newestActivity <= now.getTime())
      reference = new Date(newestActivity);

    const users = new Map<string, XV2User>();
    for (const u of [...followers, ...following, ...engagers]) users.set(u.id, u);
    users.set(me.id, me);
    await repo.upsertUsers([...users.values()].map((u) => toUserRow(account.id, u, reference, now)));
    await repo.addEngagements(engagements.map((e) => ({ accountId: account.id, ...e, seenAt: now })));
    await repo.addActivity(activity.map((a) => ({ accountId: account.id, ...a })));
    await repo.recordSpans(
      account.id,
      'follower',
      followers.map((u) => u.id),
      now,
      initial,
    );
    await repo.recordSpans(
      account.id,
      'following',
      following.map((u) => u.id),
      now,
      initial,
    );

    await stage(6);
    const lists = await allPages(job.id, (t) => x.ownedLists(account.xUserId, t));
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
      const members = await allPages(job.id, (t) => x.listMembers(list.id, t), 5000);
      await repo.upsertUsers(members.map((u) => toUserRow(account.id, u, reference, now)));
      await repo.setMembers(
        row.id,
        members.map((u) => u.id),
      );
    }
    await repo.addSync(account.id, clock.now(), followers.length, following.length);
    await touch(job.id, {
      state: 'done',
      stage: 'Done',
      done: SYNC_STAGES.length,
      total: SYNC_STAGES.length,
    });
  }

  async function runFollow(job: DtJobRow): Promise<void> {
    const account = await repo.accountById(job.accountId);
    if (!account) return;
    const x = session(account);
    const follow = job.kind === 'follow';
    const counts = await repo.itemCounts(job.id);
    await touch(job.id, { state: 'running', stage: follow ? 'Following' : 'Unfollowing', ...counts });
    // Only items still pending: what was done before a restart is never done again.
    for (const { xUserId } of await repo.pendingItems(job.id)) {
      stop.signal.throwIfAborted();
      if (follow) {
        // X's daily follow limit per user: wait until the oldest follow of the last 24 h drops out.
        while (
          (await repo.actionsSince(account.id, 'follow', new Date(clock.now().getTime() - DAY_MS))) >=
          FOLLOWS_PER_DAY
        ) {
          await touch(job.id, { state: 'waiting', waitUntil: new Date(Date.now() + 3_600_000) });
          await sleep(3_600_000, stop.signal);
          stop.signal.throwIfAborted();
        }
      }
      let rate: RateLimit | undefined;
      try {
        rate = await limited(job.id, () =>
          follow ? x.follow(account.xUserId, xUserId) : x.unfollow(account.xUserId, xUserId),
        );
        const at = clock.now();
        await repo.finishItem(job.id, xUserId, 'done', null, at);
        await repo.applyFollow(account.id, xUserId, follow, at);
      } catch (error) {
        if (!(error instanceof XCallFailed) || error.status === undefined) throw error;
        await repo.finishItem(job.id, xUserId, 'failed', error.message.slice(0, 300), clock.now());
      }
      await touch(job.id, { ...(await repo.itemCounts(job.id)) });
      // The window is spent: wait for its reset before the next one rather than collect a 429.
      if (rate && rate.remaining === 0) await waitForReset(job.id, rate.reset);
    }
    await touch(job.id, { state: 'done', stage: 'Done', ...(await repo.itemCounts(job.id)) });
  }

  /** Runs a job in the background; a crash of the work marks it failed, a shutdown leaves it to resume. */
  function launch(job: DtJobRow): void {
    if (running.has(job.id) || stop.signal.aborted) return;
    const work = (job.kind === 'sync' ? runSync(job) : runFollow(job))
      .catch(async (error: unknown) => {
        if (stop.signal.aborted) return;
        log.warn({ err: error, job: job.id }, 'deepthought job failed');
        const message =
          error instanceof XCallFailed
            ? error.status === undefined
              ? 'X cannot be reached right now. Please try again later.'
              : 'X refused the request.'
            : 'The job failed.';
        await touch(job.id, { state: 'failed', error: message, waitUntil: null }).catch(() => undefined);
      })
      .finally(() => running.delete(job.id));
    running.set(job.id, work);
  }

  async function jobOf(userId: number, id: number): Promise<DtJobRow> {
    const job = await repo.job(id);
    if (!job) throw new NotFound();
    const account = await repo.accountOf(userId, job.accountId);
    if (!account) throw new NotFound();
    return job;
  }

  async function engagersOf(accountId: number, postId?: string): Promise<DtEngager[]> {
    const rows = await repo.engagements(accountId, postId);
    const by = new Map<string, DtEngager>();
    for (const row of rows) {
      const e = by.get(row.user.xUserId) ?? { user: presentUser(row.user), likes: 0, reposts: 0, total: 0 };
      if (row.kind === 'like') e.likes++;
      else e.reposts++;
      e.total++;
      by.set(row.user.xUserId, e);
    }
    return [...by.values()].sort(
      (a, b) => b.total - a.total || a.user.username.localeCompare(b.user.username),
    );
  }

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
    const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
    const followers = await repo.openIds(account.id, 'follower');
    const following = new Set(await repo.openIds(account.id, 'following'));
    const posts = await repo.posts(account.id);
    const changes = await repo.changes(account.id, weekAgo, new Date(now.getTime() + 1));
    const spam = await repo.connections(account.id, 'follower', {
      offset: 0,
      limit: 1,
      order: '-spam',
      spam: { min: SPAM_THRESHOLD },
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

  async function bestTimeOf(account: DtAccountRow, timeZone: string) {
    const times = (await repo.activity(account.id)).map((a) => a.at);
    return { time_zone: timeZone, synced_at: iso(account.syncedAt), ...bestTime(times, timeZone) };
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

  const listView = (row: { list: DtListRow; members: number }): XList => ({
    id: row.list.id,
    x_list_id: row.list.xListId,
    name: row.list.name,
    description: row.list.description,
    private: row.list.private,
    member_count: row.members,
    created: row.list.created.toISOString(),
  });

  async function listOf(account: DtAccountRow, id: number) {
    const list = await repo.list(account.id, id);
    if (!list) throw new NotFound();
    return list;
  }

  async function xWrite<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof XRateLimited)
        throw new ServiceUnavailable('X’s rate limit for this action is reached. Please try again later.');
      if (error instanceof XCallFailed) {
        if (error.status === undefined)
          throw new ServiceUnavailable('X cannot be reached right now. Please try again later.');
        throw new BadRequest({ non_field_errors: ['X refused the request.'] });
      }
      throw error;
    }
  }

  return {
    /** Resumes the jobs a previous process left running or waiting. */
    async resume() {
      for (const job of await repo.unfinishedJobs()) launch(job);
    },
    async close() {
      stop.abort();
      await Promise.allSettled([...running.values()]);
    },
    /** Waits for a job's runner in this process (tests). */
    settled: (id: number) => running.get(id) ?? Promise.resolve(),

    async accounts(userId: number): Promise<XAccount[]> {
      const rows = await repo.listAccounts(userId);
      return rows.map((row, i) => presentAccount(row, i === 0));
    },

    /** Connects the X account behind a user token (checked with X) and selects it. */
    async connect(
      userId: number,
      tokens: { access_token: string; access_token_secret: string },
    ): Promise<XAccount> {
      const pair = { accessToken: tokens.access_token, accessSecret: tokens.access_token_secret };
      let me: XV2User;
      try {
        me = await xApi.as(pair).me();
      } catch (error) {
        if (error instanceof XCallFailed && error.status === undefined)
          throw new ServiceUnavailable('X cannot be reached right now. Please try again later.');
        throw new BadRequest({
          non_field_errors: ['X did not accept this sign-in. Please sign in with X again.'],
        });
      }
      const row = await repo.upsertAccount({
        userId,
        xUserId: me.id,
        username: me.username,
        name: me.name,
        sealedTokens: seal(secret, TOKEN_PURPOSE, JSON.stringify(pair)),
        now: clock.now(),
      });
      return presentAccount(row, true);
    },

    async select(userId: number, id: number): Promise<XAccount> {
      if (!(await repo.selectAccount(userId, id, clock.now()))) throw new NotFound();
      return presentAccount((await repo.accountOf(userId, id))!, true);
    },

    async disconnect(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteAccount(userId, id))) throw new NotFound();
    },

    async status(userId: number) {
      const [account] = await repo.listAccounts(userId);
      const job = account ? await repo.latestJob(account.id) : undefined;
      return {
        account: account ? presentAccount(account, true) : null,
        premium: await deps.premium(userId),
        job: job ? presentJob(job) : null,
      };
    },

    /** Starts a sync of the selected account, or answers the one already running. */
    async sync(userId: number): Promise<DtJob> {
      const account = await selected(userId);
      const active = await repo.activeJob(account.id, ['sync']);
      if (active) return presentJob(active);
      const job = await repo.createJob({
        accountId: account.id,
        kind: 'sync',
        state: 'queued',
        stage: 'Queued',
        total: SYNC_STAGES.length,
        created: clock.now(),
        updated: clock.now(),
      });
      launch(job);
      return presentJob(job);
    },

    job: async (userId: number, id: number) => presentJob(await jobOf(userId, id)),

    /** Follow or unfollow one or many, as one job (SPEC §7 follow-unfollow). */
    async followUnfollow(userId: number, input: FollowUnfollow): Promise<DtJob> {
      const account = await premiumAccount(userId);
      const ids = [...new Set(input.user_ids)].filter((id) => id !== account.xUserId);
      if (ids.length === 0) throw new BadRequest({ user_ids: ['You cannot follow or unfollow yourself.'] });
      const job = await repo.createJob(
        {
          accountId: account.id,
          kind: input.action,
          state: 'queued',
          stage: 'Queued',
          total: ids.length,
          created: clock.now(),
          updated: clock.now(),
        },
        ids,
      );
      launch(job);
      return presentJob(job);
    },

    async stats(userId: number) {
      return statsOf(await selected(userId));
    },

    async connections(
      userId: number,
      direction: Direction,
      query: {
        page: number;
        page_size: number;
        search?: string | undefined;
        sort?: DtUsersPageSort | undefined;
        spam?: 'only' | 'exclude' | undefined;
      },
    ): Promise<DtUsersPage> {
      const account = await premiumAccount(userId);
      const { count, rows } = await repo.connections(account.id, direction, {
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
        search: query.search,
        order: query.sort ?? '-followers',
        spam:
          query.spam === 'only'
            ? { min: SPAM_THRESHOLD }
            : query.spam === 'exclude'
              ? { below: SPAM_THRESHOLD }
              : undefined,
      });
      return { count, synced_at: iso(account.syncedAt), results: rows.map(presentUser) };
    },

    async changes(userId: number, query: { since?: string | undefined; until?: string | undefined }) {
      const account = await premiumAccount(userId);
      const until = query.until ? new Date(query.until) : new Date(clock.now().getTime() + 1000);
      const since = query.since ? new Date(query.since) : new Date(until.getTime() - 7 * DAY_MS);
      if (since >= until) throw new BadRequest({ since: ['Must be before until.'] });
      return changesOf(account, since, until);
    },

    async posts(
      userId: number,
      query: { page: number; page_size: number; search?: string | undefined; sort?: string | undefined },
    ) {
      const account = await premiumAccount(userId);
      let posts = await repo.posts(account.id);
      if (query.search) {
        const needle = query.search.toLowerCase();
        posts = posts.filter((p) => p.text.toLowerCase().includes(needle));
      }
      const sorters: Record<string, (a: DtPostRow, b: DtPostRow) => number> = {
        created_at: (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
        '-like_count': (a, b) => b.likeCount - a.likeCount,
        '-impression_count': (a, b) => b.impressionCount - a.impressionCount,
      };
      const sorter = query.sort ? sorters[query.sort] : undefined;
      if (sorter) posts = [...posts].sort(sorter);
      const start = (query.page - 1) * query.page_size;
      return {
        count: posts.length,
        synced_at: iso(account.syncedAt),
        results: posts.slice(start, start + query.page_size).map(presentPost),
      };
    },

    async post(userId: number, postId: string) {
      const account = await premiumAccount(userId);
      const post = await repo.post(account.id, postId);
      if (!post) throw new NotFound();
      return { post: presentPost(post), engagers: await engagersOf(account.id, postId) };
    },

    async engagers(userId: number) {
      const account = await premiumAccount(userId);
      return {
        synced_at: iso(account.syncedAt),
        posts_checked: await repo.engagedPostCount(account.id),
        results: await engagersOf(account.id),
      };
    },

    async topics(userId: number, of: 'posts' | 'following') {
      return topicsFor(await premiumAccount(userId), of);
    },

    async bestTime(userId: number, timeZone: string) {
      return bestTimeOf(await premiumAccount(userId), timeZone);
    },

    async payout(userId: number) {
      return payoutOf(await premiumAccount(userId));
    },

    async spam(userId: number) {
      const account = await premiumAccount(userId);
      const page = (direction: Direction) =>
        repo.connections(account.id, direction, {
          offset: 0,
          limit: 1000,
          order: '-spam',
          spam: { min: SPAM_THRESHOLD },
        });
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
    },

    async xstats(userId: number, country: string | undefined) {
      const account = await premiumAccount(userId);
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
    },

    // ---- lists (SPEC §7 /api/user/lists/): on X first, then locally ----
    async lists(userId: number): Promise<XList[]> {
      const account = await premiumAccount(userId);
      return (await repo.lists(account.id)).map(listView);
    },

    async createList(userId: number, input: SaveXList): Promise<XList> {
      const account = await premiumAccount(userId);
      const values = {
        name: input.name,
        description: input.description ?? '',
        private: input.private ?? false,
      };
      const xListId = await xWrite(() => session(account).createList(values));
      const row = await repo.upsertList({ accountId: account.id, xListId, ...values, created: clock.now() });
      return listView({ list: row, members: 0 });
    },

    async updateList(userId: number, id: number, input: PatchXList): Promise<XList> {
      const account = await premiumAccount(userId);
      const list = await listOf(account, id);
      const values = Object.fromEntries(
        Object.entries(input).filter(([, v]) => v !== undefined),
      ) as PatchXList;
      if (Object.keys(values).length > 0)
        await xWrite(() => session(account).updateList(list.xListId, values));
      await repo.updateList(list.id, values);
      const row = (await repo.lists(account.id)).find((l) => l.list.id === id)!;
      return listView(row);
    },

    async deleteList(userId: number, id: number): Promise<void> {
      const account = await premiumAccount(userId);
      const list = await listOf(account, id);
      await xWrite(() => session(account).deleteList(list.xListId));
      await repo.deleteList(list.id);
    },

    async members(userId: number, id: number) {
      const account = await premiumAccount(userId);
      const list = await listOf(account, id);
      const row = (await repo.lists(account.id)).find((l) => l.list.id === list.id)!;
      return { list: listView(row), members: (await repo.members(account.id, list.id)).map(presentUser) };
    },

    async changeMembers(userId: number, id: number, change: XListMembersChange) {
      const account = await premiumAccount(userId);
      const list = await listOf(account, id);
      const x = session(account);
      const add = [...new Set(change.add ?? [])];
      const remove = [...new Set(change.remove ?? [])];
      const known = new Set((await repo.usersByIds(account.id, add)).map((u) => u.xUserId));
      const unknown = add.filter((u) => !known.has(u));
      if (unknown.length > 0)
        throw new BadRequest({ add: [`Unknown accounts (sync first): ${unknown.slice(0, 5).join(', ')}`] });
      for (const u of add) {
        await xWrite(() => x.addMember(list.xListId, u));
        await repo.addMembers(list.id, [u]);
      }
      for (const u of remove) {
        await xWrite(() => x.removeMember(list.xListId, u));
        await repo.removeMembers(list.id, [u]);
      }
      const row = (await repo.lists(account.id)).find((l) => l.list.id === list.id)!;
      return { list: listView(row), members: (await repo.members(account.id, list.id)).map(presentUser) };
    },

    // ---- Talk to X ----
    async talk(userId: number, input: { question: string; tz?: string | undefined }) {
      const account = await premiumAccount(userId);
      const timeZone = input.tz ?? 'UTC';
      const parsed = parseQuestion(input.question);
      const facts: TalkFacts = {
        async changes(days) {
          const until = new Date(clock.now().getTime() + 1000);
          const c = await changesOf(account, new Date(until.getTime() - days * DAY_MS), until);
          return {
            unfollowers: c.unfollowers.map((u) => u.user.username),
            newFollowers: c.new_followers.map((u) => u.user.username),
            syncs: c.syncs,
          };
        },
        async bestTime() {
          const t = await bestTimeOf(account, timeZone);
          return { bestHours: t.best_hours, bestWeekday: t.best_weekday, basis: t.basis, timeZone };
        },
        engagers: async () =>
          (await engagersOf(account.id)).map((e) => ({ username: e.user.username, total: e.total })),
        stats: () => statsOf(account),
        async spam() {
          const s = await repo.connections(account.id, 'follower', {
            offset: 0,
            limit: 5,
            order: '-spam',
            spam: { min: SPAM_THRESHOLD },
          });
          return {
            spamFollowers: s.count,
            followers: (await repo.openIds(account.id, 'follower')).length,
            examples: s.rows.map((u) => u.username),
          };
        },
        topics: async () => (await topicsFor(account, 'posts')).results,
        async payout() {
          const p = await payoutOf(account);
          return {
            predicted: p.predicted_usd,
            low: p.low_usd,
            high: p.high_usd,
            impressions: p.impressions_30d,
            eligible: p.eligible,
          };
        },
        async topPost() {
          const top = [...(await repo.posts(account.id))].sort(
            (a, b) => b.likeCount + b.retweetCount - (a.likeCount + a.retweetCount),
          )[0];
          return top && { id: top.postId, text: top.text, likes: top.likeCount, reposts: top.retweetCount };
        },
      };
      const result = await answer(parsed, facts);
      let text = result.answer;
      let phrased = false;
      if (deps.phraser && parsed.intent !== 'help') {
        const better = await deps.phraser(text, result.figures, parsed.language).catch(() => undefined);
        if (better) {
          text = better;
          phrased = true;
        }
      }
      return {
        intent: parsed.intent,
        language: parsed.language,
        answer: text,
        figures: result.figures,
        synced_at: iso(account.syncedAt),
        phrased_by_model: phrased,
      };
    },
  };
}

type DtUsersPageSort = 'followers' | '-followers' | 'spam' | '-spam' | 'username' | '-username';
