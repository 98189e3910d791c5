import type { FastifyBaseLogger } from 'fastify';
import type { DtJob, DtUsersPage, FollowUnfollow, XAccount } from '@murmur/core/api';
import { BadRequest, NotFound, ServiceUnavailable, TooManyRequests } from '../../errors';
import type { Clock } from '../../lib/clock';
import { accountAnalyses } from './account-analyses';
import { sealTokens, sessionOf } from './account-tokens';
import type {
  ConnectionOrder,
  DeepThoughtRepository,
  Direction,
  DtAccountRow,
  DtJobRow,
  DtPostRow,
} from './deepthought.repository';
import {
  DAY_MS,
  X_FOLLOW_LIMITS,
  dailyCap,
  nextActionAt,
  runFollowJob,
  type FollowLimits,
} from './follow-job';
import { createJobRunner, type Sleep } from './job-runner';
import { requirePremium } from './premium-gate';
import { iso, presentAccount, presentJob, presentPost, presentUser } from './presenters';
import { SPAM_THRESHOLD } from './spam';
import { SYNC_STAGES, runSyncJob, syncDueOf } from './sync-job';
import { answer, parseQuestion } from './talk';
import { talkFacts } from './talk-facts';
import type { TalkPhraser } from './talk-model';
import { xListActions } from './x-lists';
import { XError, type XUserApi, type XV2User } from '../../integrations/x';

export type DeepThoughtService = ReturnType<typeof createDeepThoughtService>;

/** Whether a user holds an active premium subscription (the billing side's rule, wired in modules/index.ts). */
export type PremiumCheck = (userId: number) => Promise<boolean>;

/**
 * An X OAuth 1.0a user token is the user's numeric id, a hyphen and letters and digits; its secret
 * letters and digits (the shapes X issues; the sandbox issues the same).
 */
const X_ACCESS_TOKEN = /^\d{1,20}-[A-Za-z0-9]{1,200}$/;
const X_TOKEN_SECRET = /^[A-Za-z0-9]{1,200}$/;
export const MALFORMED_X_TOKEN =
  'This is not an X access token and secret (a username is not one). Please sign in with X to connect the account.';

/**
 * GET status/: the selected account, premium, the newest job, and whether opening the suite should
 * start a sync by itself (`sync_due`, sync-job.ts's syncDue; never without premium).
 */
async function statusOf(
  deps: { repo: DeepThoughtRepository; premium: PremiumCheck; clock: Clock },
  userId: number,
) {
  const [account] = await deps.repo.listAccounts(userId);
  const job = account ? await deps.repo.latestJob(account.id) : undefined;
  const premium = await deps.premium(userId);
  return {
    account: account ? presentAccount(account, true) : null,
    premium,
    job: job ? presentJob(job) : null,
    sync_due: premium && account !== undefined && (await syncDueOf(deps.repo, account, deps.clock.now())),
  };
}

/**
 * Deep Thought's rules: which account a user sees, premium beyond the dashboard, jobs (sync-job.ts,
 * follow-job.ts on job-runner.ts), analyses (account-analyses.ts), lists (x-lists.ts) and Talk to X.
 */
export function createDeepThoughtService(deps: {
  repository: DeepThoughtRepository;
  xApi: XUserApi;
  secret: string;
  clock: Clock;
  log: FastifyBaseLogger;
  premium: PremiumCheck;
  phraser?: TalkPhraser | undefined;
  /** Sleeps until a time (tests shorten it); defaults to a timer. */
  sleep?: Sleep;
  /** X's daily follow and unfollow caps (X_FOLLOW_LIMITS; tests lower them). */
  followLimits?: FollowLimits;
}) {
  const { repository: repo, xApi, secret, clock, log } = deps;
  const limits = deps.followLimits ?? X_FOLLOW_LIMITS;
  const session = sessionOf(xApi, secret);
  const analyses = accountAnalyses(repo, clock);
  const jobs = createJobRunner({ repo, clock, log, sleep: deps.sleep }, (job, controls) =>
    job.kind === 'sync'
      ? runSyncJob({ repo, clock, log, session }, controls, job)
      : runFollowJob({ repo, clock, limits, session }, controls, job),
  );

  /** The account the suite shows: the most recently selected. 404 until one is connected. */
  async function selected(userId: number): Promise<DtAccountRow> {
    const [account] = await repo.listAccounts(userId);
    if (!account) throw new NotFound('Sign in with X to connect an account first.');
    return account;
  }

  /** SPEC §7 pages beyond the dashboard: an active premium subscription, checked here and only here. */
  async function premiumAccount(userId: number): Promise<DtAccountRow> {
    await requirePremium(deps.premium, userId);
    return selected(userId);
  }

  async function jobOf(userId: number, id: number): Promise<DtJobRow> {
    const job = await repo.job(id);
    if (!job || !(await repo.accountOf(userId, job.accountId))) throw new NotFound();
    return job;
  }

  return {
    resume: jobs.resume,
    close: jobs.close,
    settled: jobs.settled,

    async accounts(userId: number): Promise<XAccount[]> {
      const rows = await repo.listAccounts(userId);
      return rows.map((row, i) => presentAccount(row, i === 0));
    },

    /** Connects the X account behind a user token (checked with X) and selects it. */
    async connect(
      userId: number,
      tokens: { access_token: string; access_token_secret: string },
    ): Promise<XAccount> {
      // A username or other text is the caller's mistake: answered here, not by a call to X that
      // could only fail (and read as X being unreachable).
      if (!X_ACCESS_TOKEN.test(tokens.access_token) || !X_TOKEN_SECRET.test(tokens.access_token_secret))
        throw new BadRequest({ non_field_errors: [MALFORMED_X_TOKEN] });
      const pair = { accessToken: tokens.access_token, accessSecret: tokens.access_token_secret };
      let me: XV2User;
      try {
        me = await xApi.as(pair).me();
      } catch (error) {
        if (error instanceof XError && error.status === 0)
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
        sealedTokens: sealTokens(secret, pair),
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

    status: (userId: number) => statusOf({ repo, premium: deps.premium, clock }, userId),

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
      jobs.launch(job);
      return presentJob(job);
    },

    job: async (userId: number, id: number) => presentJob(await jobOf(userId, id)),

    /**
     * Follow or unfollow one or many, as one job (SPEC §7 follow-unfollow). 429 while the account
     * is at X's daily cap for the action; a job that reaches it waits and says until when.
     */
    async followUnfollow(userId: number, input: FollowUnfollow): Promise<DtJob> {
      const account = await premiumAccount(userId);
      const ids = [...new Set(input.user_ids)].filter((id) => id !== account.xUserId);
      if (ids.length === 0) throw new BadRequest({ user_ids: ['You cannot follow or unfollow yourself.'] });
      const resumes = await nextActionAt(repo, clock, limits, account, input.action);
      if (resumes) {
        const cap = dailyCap(limits, input.action);
        throw new TooManyRequests(
          `X allows ${cap} ${input.action}s a day for each account, and this account has reached it. ` +
            `You can ${input.action} again after ${resumes.toISOString()}.`,
          Math.ceil((resumes.getTime() - clock.now().getTime()) / 1000),
        );
      }
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
      jobs.launch(job);
      return presentJob(job);
    },

    stats: async (userId: number) => analyses.statsOf(await selected(userId)),

    async connections(
      userId: number,
      direction: Direction,
      query: {
        page: number;
        page_size: number;
        search?: string | undefined;
        sort?: ConnectionOrder | undefined;
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
      return analyses.changesOf(account, since, until);
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
      return { post: presentPost(post), engagers: await analyses.engagersOf(account.id, postId) };
    },

    async engagers(userId: number) {
      const account = await premiumAccount(userId);
      return {
        synced_at: iso(account.syncedAt),
        posts_checked: await repo.engagedPostCount(account.id, ['like', 'repost', 'quote']),
        mentions_checked: await repo.engagedPostCount(account.id, ['mention']),
        results: await analyses.engagersOf(account.id),
      };
    },

    topics: async (userId: number, of: 'posts' | 'following') =>
      analyses.topicsFor(await premiumAccount(userId), of),
    bestTime: async (userId: number, timeZone: string) =>
      analyses.bestTimeOf(await premiumAccount(userId), timeZone),
    payout: async (userId: number) => analyses.payoutOf(await premiumAccount(userId)),
    spam: async (userId: number) => analyses.spamOf(await premiumAccount(userId), 1000),
    xstats: async (userId: number, country: string | undefined) =>
      analyses.xstatsOf(await premiumAccount(userId), country),

    // SPEC §7 /api/user/lists/ (x-lists.ts)
    ...xListActions({ repo, clock, session, account: premiumAccount }),

    /** Talk to X: the question parsed, answered from the synced figures, optionally rephrased. */
    async talk(userId: number, input: { question: string; tz?: string | undefined }) {
      const account = await premiumAccount(userId);
      const timeZone = input.tz ?? 'UTC';
      const parsed = parseQuestion(input.question);
      const result = await answer(parsed, talkFacts({ repo, clock, analyses }, account, timeZone));
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
