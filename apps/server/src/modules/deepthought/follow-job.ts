import { DT_DAILY_LIMIT_STAGE, X_FOLLOW_ACTIONS_PER_DAY } from '@murmur/core/api';
import type { Clock } from '../../lib/clock';
import type { DeepThoughtRepository, DtAccountRow, DtJobRow } from './deepthought.repository';
import type { JobControls } from './job-runner';
import { XError, type RateLimit, type XUserSession } from '../../integrations/x';

export const DAY_MS = 86_400_000;

/** How many follows and how many unfollows one account may do in any 24 hours. */
export interface FollowLimits {
  followsPerDay: number;
  unfollowsPerDay: number;
}
export const X_FOLLOW_LIMITS: FollowLimits = {
  followsPerDay: X_FOLLOW_ACTIONS_PER_DAY,
  unfollowsPerDay: X_FOLLOW_ACTIONS_PER_DAY,
};

export const dailyCap = (limits: FollowLimits, kind: 'follow' | 'unfollow') =>
  kind === 'follow' ? limits.followsPerDay : limits.unfollowsPerDay;

/**
 * When the account may do its next follow (or unfollow) under the daily cap: undefined now, else
 * when the oldest action that has to leave the last 24 hours does.
 */
export async function nextActionAt(
  repo: DeepThoughtRepository,
  clock: Clock,
  limits: FollowLimits,
  account: DtAccountRow,
  kind: 'follow' | 'unfollow',
): Promise<Date | undefined> {
  const dayAgo = new Date(clock.now().getTime() - DAY_MS);
  const oldest = await repo.capFreesAt(account.id, kind, dayAgo, dailyCap(limits, kind));
  return oldest && new Date(oldest.getTime() + DAY_MS + 1000);
}

/**
 * A follow or unfollow job: its pending accounts one by one on X, within X's per-user limits — the
 * 15-minute window from the answers' rate-limit headers, and the daily cap counted from what this
 * account's jobs did in the last 24 hours. Only pending items are done, so nothing is done twice
 * after a restart.
 */
export async function runFollowJob(
  deps: {
    repo: DeepThoughtRepository;
    clock: Clock;
    limits: FollowLimits;
    session: (account: DtAccountRow) => XUserSession;
  },
  c: JobControls,
  job: DtJobRow,
): Promise<void> {
  const { repo, clock } = deps;
  const account = await repo.accountById(job.accountId);
  if (!account) return;
  const x = deps.session(account);
  const kind = job.kind === 'follow' ? 'follow' : 'unfollow';
  const stage = kind === 'follow' ? 'Following' : 'Unfollowing';
  await c.touch(job.id, { state: 'running', stage, ...(await repo.itemCounts(job.id)) });
  for (const { xUserId } of await repo.pendingItems(job.id)) {
    c.signal.throwIfAborted();
    for (let at = await nextActionAt(repo, clock, deps.limits, account, kind); at;) {
      await c.waitUntil(job.id, at, DT_DAILY_LIMIT_STAGE);
      at = await nextActionAt(repo, clock, deps.limits, account, kind);
      if (!at) await c.touch(job.id, { stage });
    }
    let rate: RateLimit | undefined;
    try {
      rate = await c.limited(job.id, () =>
        kind === 'follow' ? x.follow(account.xUserId, xUserId) : x.unfollow(account.xUserId, xUserId),
      );
      const at = clock.now();
      await repo.finishItem(job.id, xUserId, 'done', null, at);
      await repo.applyFollow(account.id, xUserId, kind === 'follow', at);
    } catch (error) {
      if (!(error instanceof XError) || error.status === 0) throw error;
      await repo.finishItem(job.id, xUserId, 'failed', error.message.slice(0, 300), clock.now());
    }
    await c.touch(job.id, { ...(await repo.itemCounts(job.id)) });
    // The window is spent: wait for its reset before the next one rather than collect a 429.
    if (rate && rate.remaining === 0) await c.waitForReset(job.id, rate.reset);
  }
  await c.touch(job.id, { state: 'done', stage: 'Done', ...(await repo.itemCounts(job.id)) });
}
