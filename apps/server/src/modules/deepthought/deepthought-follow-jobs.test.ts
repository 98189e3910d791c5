import { describe, expect, it, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DT_DAILY_LIMIT_STAGE,
  X_FOLLOW_ACTIONS_PER_DAY,
  type DtJob,
  type DtSpam,
  type DtUsersPage,
  type XAccount,
} from '@murmur/core/api';
import { dtJobItems } from '../../db/schema';
import { deepThoughtKit } from '../../test/deepthought-kit';
import { testConfig } from '../../test/test-app';
import { createDeepThoughtRepository } from './deepthought.repository';
import { createDeepThoughtService } from './deepthought.service';
import { createXClient } from '../../integrations/x';

const dt = deepThoughtKit();
const { get, post, finished, givePremium } = dt;

describe('Deep Thought follow and unfollow jobs', () => {
  let account: XAccount;
  beforeAll(async () => {
    account = await dt.connect();
    await givePremium(dt.ann.user.id);
    // The following page the bulk job's test reads is the synced copy.
    await dt.sync();
  });

  it('bulk-unfollows spam within X’s per-user limits, waiting for the window to reset', async () => {
    const spam = await get<DtSpam>('/api/external/deepthought/spam-analysis/');
    const followingIds = dt.net.graph.following(dt.me).map((i) => dt.net.accounts.ids[i]!.toString());
    const targets = followingIds.slice(0, 5);
    const started = await post<DtJob>('/api/user/follow-unfollow/', {
      action: 'unfollow',
      user_ids: targets,
    });
    expect(started.status).toBe(200);
    const seen: DtJob[] = [];
    const job = await finished(started.body, seen);
    expect(job).toMatchObject({ state: 'done', done: 5, failed: 0, total: 5 });
    expect(seen.some((j) => j.state === 'waiting' && j.wait_until !== null)).toBe(true);
    const now = new Set(dt.net.graph.following(dt.me).map((i) => dt.net.accounts.ids[i]!.toString()));
    for (const t of targets) expect(now.has(t)).toBe(false);
    const following = await get<DtUsersPage>('/api/external/deepthought/following/?page_size=500');
    expect(following.body.count).toBe(followingIds.length - 5);
    expect(spam.body.threshold).toBeGreaterThan(0);
    const self = await post('/api/user/follow-unfollow/', {
      action: 'follow',
      user_ids: [account.x_user_id],
    });
    expect(self.status).toBe(400);
    const empty = await post('/api/user/follow-unfollow/', { action: 'follow', user_ids: [] });
    expect(empty.status).toBe(400);
  }, 60_000);

  it('refuses to unfollow past X’s daily cap with a 429 that says when, and a job waits for it', async () => {
    const repo = createDeepThoughtRepository(dt.db);
    const row = (await repo.listAccounts(dt.ann.user.id))[0]!;
    const done = await repo.createJob(
      { accountId: row.id, kind: 'unfollow', state: 'done', total: X_FOLLOW_ACTIONS_PER_DAY },
      Array.from({ length: X_FOLLOW_ACTIONS_PER_DAY }, (_, i) => String(9_000_000_000 + i)),
    );
    const hourAgo = Date.now() - 3_600_000;
    await dt.db
      .update(dtJobItems)
      .set({ state: 'done', doneAt: hourAgo })
      .where(eq(dtJobItems.jobId, done.id));
    const target = dt.net.accounts.ids[dt.net.graph.following(dt.me)[0]!]!.toString();
    const refused = await dt.app.inject({
      method: 'POST',
      url: '/api/user/follow-unfollow/',
      payload: { action: 'unfollow', user_ids: [target] },
      headers: dt.ann.tokenAuth,
    });
    expect(refused.statusCode).toBe(429);
    const { detail } = refused.json<{ detail: string }>();
    expect(detail).toMatch(/X allows 400 unfollows a day/);
    const resumes = Date.parse(/after (\S+)\.$/.exec(detail)![1]!);
    expect(resumes).toBeGreaterThan(hourAgo + 86_400_000);
    expect(resumes).toBeLessThan(hourAgo + 86_400_000 + 5_000);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(22 * 3600);
    // Follows have their own cap: still allowed.
    const follow = await post<DtJob>('/api/user/follow-unfollow/', { action: 'follow', user_ids: [target] });
    expect(follow.status).toBe(200);
    await finished(follow.body);
    // A day later the cap has room again.
    await dt.db
      .update(dtJobItems)
      .set({ doneAt: hourAgo - 86_400_000 })
      .where(eq(dtJobItems.jobId, done.id));

    // A job reaching the cap waits (stage and wait_until say until when), then goes on.
    let now = Date.now();
    const seen: { stage: string; waitUntil: Date | null; at: number }[] = [];
    const xApi = createXClient(testConfig({ publicUrl: dt.origin }).x).users;
    const capped = createDeepThoughtService({
      repository: repo,
      xApi,
      secret: testConfig().sessionSecret,
      clock: { now: () => new Date(now) },
      log: dt.app.log,
      premium: () => Promise.resolve(true),
      followLimits: { followsPerDay: X_FOLLOW_ACTIONS_PER_DAY, unfollowsPerDay: 6 },
      // Day-long waits pass on the test's clock; X's 2-second windows pass for real.
      sleep: async (ms, signal) => {
        if (ms < 60_000) return new Promise((r) => setTimeout(r, Math.max(0, ms)));
        const job = (await repo.unfinishedJobs()).at(-1)!;
        seen.push({ stage: job.stage, waitUntil: job.waitUntil, at: now });
        if (!signal.aborted) now += ms;
      },
    });
    const targets = dt.net.graph
      .following(dt.me)
      .slice(0, 3)
      .map((t) => dt.net.accounts.ids[t]!.toString());
    const job = await capped.followUnfollow(dt.ann.user.id, { action: 'unfollow', user_ids: targets });
    await capped.settled(job.id);
    await capped.close();
    expect(await repo.job(job.id)).toMatchObject({ state: 'done', done: 3, failed: 0 });
    // With the earlier test's 5 unfollows, the first of these 3 fills today's 6: the second waits a day.
    expect(seen).toHaveLength(1);
    for (const wait of seen) {
      expect(wait.stage).toBe(DT_DAILY_LIMIT_STAGE);
      expect(wait.waitUntil!.getTime()).toBeGreaterThan(wait.at);
      expect(wait.waitUntil!.getTime()).toBeLessThanOrEqual(wait.at + 86_400_000 + 1000);
    }
    const following = new Set(dt.net.graph.following(dt.me).map((i) => dt.net.accounts.ids[i]!.toString()));
    for (const t of targets) expect(following.has(t)).toBe(false);
  }, 60_000);

  it('resumes an unfinished follow job after a restart without doing anything twice', async () => {
    const repo = createDeepThoughtRepository(dt.db);
    const row = (await repo.listAccounts(dt.ann.user.id))[0]!;
    const targets = dt.net.graph.following(dt.me).slice(0, 4);
    const ids = targets.map((t) => dt.net.accounts.ids[t]!.toString());
    // A job the previous process left running: its first two unfollows were done (and recorded) on X.
    const job = await repo.createJob(
      { accountId: row.id, kind: 'unfollow', state: 'running', total: 4 },
      ids,
    );
    await repo.finishItem(job.id, ids[0]!, 'done', null, new Date());
    await repo.finishItem(job.id, ids[1]!, 'done', null, new Date());
    const calls: string[] = [];
    const xApi = createXClient(testConfig({ publicUrl: dt.origin }).x).users;
    const restarted = createDeepThoughtService({
      repository: repo,
      xApi: {
        ...xApi,
        as: (tokens) => {
          const session = xApi.as(tokens);
          return {
            ...session,
            unfollow: (source: string, target: string) => {
              calls.push(target);
              return session.unfollow(source, target);
            },
          };
        },
      },
      secret: testConfig().sessionSecret,
      clock: { now: () => new Date() },
      log: dt.app.log,
      premium: () => Promise.resolve(true),
    });
    await restarted.resume();
    await restarted.settled(job.id);
    await restarted.close();
    expect(calls).toEqual(ids.slice(2));
    const following = new Set(dt.net.graph.following(dt.me));
    expect(targets.map((t) => following.has(t))).toEqual([true, true, false, false]);
    expect(await repo.job(job.id)).toMatchObject({ state: 'done', done: 4, total: 4 });
  });
});
