import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { advance, AccountKind, EventKind, generateNetwork, type Network } from '@murmur/sandbox';
import {
  DT_DAILY_LIMIT_STAGE,
  X_FOLLOW_ACTIONS_PER_DAY,
  type DtBestTime,
  type DtChanges,
  type DtEngagers,
  type DtJob,
  type DtSpam,
  type DtStatus,
  type DtUsersPage,
  type TalkToXAnswer,
  type XAccount,
  type XList,
} from '@murmur/core/api';
import { dtJobItems, premiumSubscriptions } from '../../db/schema';
import type { Db } from '../../db/database';
import { codeFromMail, type TestSession } from '../../test/test-app';
import { createXSandboxApp } from '../../test/x-sandbox-app';
import type { CapturingMailer } from '../../test/capturing-mailer';
import { testConfig } from '../../test/test-app';
import { createDeepThoughtRepository } from './deepthought.repository';
import { createDeepThoughtService, MALFORMED_X_TOKEN } from './deepthought.service';
import { SYNC_STAGES } from './sync-job';
import { PREMIUM_REQUIRED } from './premium-gate';
import { keepsFigures } from './talk-model';
import { createXClient } from '../../integrations/x';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

let app: FastifyInstance;
let db: Db;
let closeDb: () => Promise<void>;
let net: Network;
let origin: string;
let ann: TestSession;
/** The sandbox account ann connects: the person with the most followers. */
let me: number;
let mailer: CapturingMailer;

async function signIn(email: string): Promise<TestSession> {
  const requested = await app.inject({ method: 'POST', url: '/api/user/magic-link/', payload: { email } });
  const { magic_code } = requested.json<{ magic_code: string }>();
  const confirm_code = codeFromMail(mailer.last(email).text);
  const used = await app.inject({
    method: 'POST',
    url: '/api/user/magic-link/use/',
    payload: { magic_code, confirm_code },
  });
  const { key, user } = used.json<{ key: string; user: TestSession['user'] }>();
  const sessionKey = used.cookies.find((c) => c.name === 'murmur_session')!.value;
  const csrfToken = used.cookies.find((c) => c.name === 'csrftoken')!.value;
  return {
    user,
    token: key,
    tokenAuth: { authorization: `Token ${key}` },
    cookieAuth: { cookie: `murmur_session=${sessionKey}; csrftoken=${csrfToken}`, 'x-csrftoken': csrfToken },
    sessionKey,
    csrfToken,
  };
}

/** Sign in with X on the sandbox's authorisation page as a given account, up to the user token. */
async function xTokensFor(account: number) {
  const callback = `${origin}/login/twitter`;
  const requested = await app.inject({
    url: `/rest-auth/twitter/request_token/?oauth_callback=${encodeURIComponent(callback)}`,
  });
  const { authorize_url } = requested.json<{ authorize_url: string }>();
  const page = await app.inject({ url: pathOf(authorize_url) });
  const post = /<form method="post">([\s\S]*?)<\/form>/.exec(page.body)?.[1] ?? '';
  const form = new URLSearchParams();
  for (const m of post.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    form.set(m[1]!, m[2]!.replace(/&amp;/g, '&'));
  form.set('account', net.accounts.ids[account]!.toString());
  form.set('decision', 'allow');
  const decided = await app.inject({
    method: 'POST',
    url: pathOf(authorize_url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  const back = new URL(decided.headers.location!);
  const exchanged = await app.inject({
    url: `/rest-auth/twitter/access_token/?${back.searchParams.toString()}`,
  });
  return exchanged.json<{ access_token: string; access_token_secret: string }>();
}

const get = <T>(url: string, auth = ann.tokenAuth) =>
  app.inject({ url, headers: auth }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
const post = <T>(url: string, payload: unknown, auth = ann.tokenAuth) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: auth }).then((r) => ({
    status: r.statusCode,
    body: r.json<T>(),
  }));

async function finished(job: DtJob, seen: DtJob[] = []): Promise<DtJob> {
  for (let i = 0; i < 600; i++) {
    const { body } = await get<DtJob>(`/api/external/deepthought/jobs/${job.id}/`);
    seen.push(body);
    if (body.state === 'done' || body.state === 'failed') return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('job did not finish');
}

/** What the billing module writes when the provider reports a paid premium subscription. */
async function givePremium(userId: number, active = true) {
  await db.insert(premiumSubscriptions).values({
    userId,
    stripeSubscriptionId: `sub_test_${userId}_${String(active)}`,
    start: new Date(),
    active,
    status: active ? 'active' : 'canceled',
    planCode: 'premium',
    currency: 'eur',
    stateAt: new Date(),
  });
}

beforeAll(async () => {
  net = generateNetwork({ accounts: 2000, seed: 'deepthought-tests' });
  const a = net.accounts;
  me = -1;
  for (let i = 0; i < a.count; i++)
    if (
      a.kind[i] === AccountKind.person &&
      net.graph.outDegree[i]! >= 10 &&
      (me < 0 || net.graph.inDegree[i]! > net.graph.inDegree[me]!)
    )
      me = i;
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const started = await createXSandboxApp(
    { publicUrl: origin },
    {
      network: net,
      // X's follow limit squeezed into 3 per 2-second window: the bulk job must wait for resets.
      x: {
        rateLimits: {
          'POST /2/users/:id/following': 3,
          'DELETE /2/users/:source_user_id/following/:target_user_id': 3,
        },
        rateLimitWindowSeconds: 2,
      },
    },
  );
  app = started.app;
  db = started.db;
  mailer = started.mailer;
  closeDb = () => started.close();
  await app.listen({ port, host: '127.0.0.1' });
  ann = await signIn('ann@example.com');
}, 120_000);

afterAll(async () => {
  await closeDb?.();
});

describe('Deep Thought', () => {
  let account: XAccount;

  it('connects the X account behind a sign-in with X, and refuses a made-up token', async () => {
    const tokens = await xTokensFor(me);
    const connected = await post<XAccount>('/api/external/deepthought/accounts/', tokens);
    expect(connected.status).toBe(200);
    account = connected.body;
    expect(account).toMatchObject({ username: net.accounts.handles[me], selected: true, synced_at: null });
    const bad = await post('/api/external/deepthought/accounts/', {
      access_token: 'x',
      access_token_secret: 'y',
    });
    expect(bad.status).toBe(400);
    // What cannot be an X user token (a username, text with spaces) is refused before X is asked,
    // with a message that says what is wrong — never "X cannot be reached".
    for (const malformed of [
      { access_token: '@ann_example', access_token_secret: 'secret' },
      { access_token: 'ユーザー名', access_token_secret: 'secret' },
      { access_token: '12345-abc', access_token_secret: 'not a secret\n' },
    ]) {
      expect(await post('/api/external/deepthought/accounts/', malformed), JSON.stringify(malformed)).toEqual(
        {
          status: 400,
          body: { non_field_errors: [MALFORMED_X_TOKEN] },
        },
      );
    }
    // A token of the right shape that X does not know: X's refusal is the caller's bad input, a 400.
    expect(
      await post('/api/external/deepthought/accounts/', {
        access_token: '12345-NotAToken',
        access_token_secret: 'NotASecret',
      }),
    ).toEqual({
      status: 400,
      body: { non_field_errors: ['X did not accept this sign-in. Please sign in with X again.'] },
    });
    const listed = await get<XAccount[]>('/api/external/deepthought/accounts/');
    expect(listed.body.map((a) => a.id)).toEqual([account.id]);
  });

  it('needs premium beyond the dashboard, and says so', async () => {
    const gated = await get<{ detail: string }>('/api/external/deepthought/followers/');
    expect(gated).toEqual({ status: 402, body: { detail: PREMIUM_REQUIRED } });
    expect((await get('/api/external/deepthought/stats/')).status).toBe(200);
    // Without premium the suite starts no sync by itself; with it, a never-synced account is due.
    const due = async () => (await get<DtStatus>('/api/external/deepthought/status/')).body.sync_due;
    expect(await due()).toBe(false);
    await givePremium(ann.user.id);
    expect((await get('/api/external/deepthought/followers/')).status).toBe(200);
    expect(await due()).toBe(true);
  });

  let before: Set<number>;
  it('syncs followers, following, posts and engagers from X into the database', async () => {
    const started = await post<DtJob>('/api/external/deepthought/sync/', {});
    expect(started.status).toBe(200);
    // While it runs no second sync is due, and asking again answers the same job.
    const status = await get<DtStatus>('/api/external/deepthought/status/');
    expect(status.body.sync_due).toBe(false);
    expect((await post<DtJob>('/api/external/deepthought/sync/', {})).body.id).toBe(started.body.id);
    const job = await finished(started.body);
    expect((await get<DtStatus>('/api/external/deepthought/status/')).body.sync_due).toBe(false);
    expect(job).toMatchObject({ state: 'done', done: SYNC_STAGES.length, total: SYNC_STAGES.length });
    before = new Set(net.graph.followers(me));
    const ids = new Set<string>();
    for (let page = 1; ; page++) {
      const followers = await get<DtUsersPage>(
        `/api/external/deepthought/followers/?page_size=100&page=${page}`,
      );
      expect(followers.body.count).toBe(before.size);
      expect(followers.body.synced_at).not.toBeNull();
      if (followers.body.results.length === 0) break;
      for (const u of followers.body.results) ids.add(u.id);
    }
    expect(ids).toEqual(new Set([...before].map((f) => net.accounts.ids[f]!.toString())));
    const following = await get<DtUsersPage>('/api/external/deepthought/following/');
    expect(following.body.count).toBe(net.graph.following(me).length);
    const stats = await get<{ posts: number; followers: number }>('/api/external/deepthought/stats/');
    expect(stats.body.followers).toBe(before.size);
    expect(stats.body.posts).toBeGreaterThan(0);
  }, 60_000);

  it('shows who unfollowed and who followed between two syncs after simulated time passes', async () => {
    advance(net, 24 * 14);
    const after = new Set(net.graph.followers(me));
    const left = [...before].filter((f) => !after.has(f)).map((f) => net.accounts.handles[f]!);
    const came = [...after].filter((f) => !before.has(f)).map((f) => net.accounts.handles[f]!);
    expect(left.length + came.length).toBeGreaterThan(0);
    const started = await post<DtJob>('/api/external/deepthought/sync/', {});
    await finished(started.body);
    const changes = await get<DtChanges>('/api/external/deepthought/unfollowers/');
    expect(changes.body.unfollowers.map((c) => c.user.username).sort()).toEqual(left.sort());
    expect(changes.body.new_followers.map((c) => c.user.username).sort()).toEqual(came.sort());
    const bad = await get(
      '/api/external/deepthought/unfollowers/?since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z',
    );
    expect(bad.status).toBe(400);
  }, 60_000);

  it('answers the analyses from the synced copy', async () => {
    const engagers = await get<{ results: { total: number }[] }>('/api/external/deepthought/engagers/');
    expect(engagers.status).toBe(200);
    const best = await get<{ hours: number[]; basis: number }>(
      '/api/external/deepthought/best-post-time/?tz=Asia/Tokyo',
    );
    expect(best.body.hours).toHaveLength(24);
    expect(best.body.basis).toBeGreaterThan(0);
    expect((await get('/api/external/deepthought/best-post-time/?tz=Not/AZone')).status).toBe(400);
    const payout = await get<{ assumptions: string[] }>('/api/external/deepthought/payout-prediction/');
    expect(payout.body.assumptions.length).toBeGreaterThan(2);
    // The same answers under deepthought-token/ (SPEC §7), with the token.
    expect((await get('/api/external/deepthought-token/payout-prediction/')).body).toEqual(payout.body);
    // This account writes in French and its few posts may carry no hashtag (topics of its own posts
    // can then be none); the bios of the accounts it follows always name some.
    const topics = await get<{ results: unknown[] }>('/api/external/deepthought/topics/');
    expect(topics.status).toBe(200);
    expect(Array.isArray(topics.body.results)).toBe(true);
    const following = await get<{ results: { topic: string; count: number }[] }>(
      '/api/external/deepthought/following-topics/',
    );
    expect(following.body.results.length).toBeGreaterThan(0);
    expect(following.body.results[0]!.count).toBeGreaterThan(0);
    const xstats = await get<{ countries: { country: string }[] }>('/api/external/deepthought/xstats/');
    expect(xstats.body.countries.length).toBeGreaterThan(0);
    const one = await get<{ accounts: unknown[] }>(
      `/api/external/deepthought/xstats/?country=${xstats.body.countries[0]!.country}`,
    );
    expect(one.body.accounts.length).toBeGreaterThan(0);
  });

  it("answers the best time in the viewer's zone: Tokyo's hours are UTC's moved on by nine", async () => {
    const at = (tz: string) =>
      get<DtBestTime>(`/api/external/deepthought/best-post-time/?tz=${encodeURIComponent(tz)}`);
    const [utc, tokyo] = [(await at('UTC')).body, (await at('Asia/Tokyo')).body];
    expect([utc.time_zone, tokyo.time_zone]).toEqual(['UTC', 'Asia/Tokyo']);
    expect(utc.basis).toBeGreaterThan(0);
    // Tokyo is UTC+9 all year (no summer time): every hour's share moves nine hours on.
    const shifted = (hours: number[]) => hours.map((_, h) => hours[(h + 24 - 9) % 24]!);
    expect(tokyo.hours).toEqual(shifted(utc.hours));
    expect(tokyo.own_hours).toEqual(shifted(utc.own_hours));
    // The best hours are Tokyo's busiest (ties go to the earlier local hour, so compare shares).
    const top = Math.max(...utc.hours);
    expect(tokyo.best_hours.map((h) => tokyo.hours[h])[0]).toBe(top);
    expect(tokyo.hours).not.toEqual(utc.hours);
  });

  it('reads mentions, quotes, liked posts and post counts from X for engagers and the best time', async () => {
    const { posts, events } = net;
    const authorOf = (p: number) => posts.author.get(p);
    const mentionAuthors = new Set<string>();
    let mentions = 0;
    for (let p = 0; p < posts.length; p++) {
      const replyTo = posts.replyTo.get(p);
      if (authorOf(p) !== me && (posts.mention.get(p) === me || (replyTo >= 0 && authorOf(replyTo) === me))) {
        mentions++;
        mentionAuthors.add(net.accounts.handles[authorOf(p)]!);
      }
    }
    expect(mentions, 'the sandbox account is mentioned').toBeGreaterThan(0);
    const engagers = await get<DtEngagers>('/api/external/deepthought/engagers/');
    expect(engagers.body.mentions_checked).toBeGreaterThan(0);
    // Up to 200 from X's mentions timeline, plus the replies found under the account's own posts.
    expect(engagers.body.mentions_checked).toBeLessThanOrEqual(mentions);
    const mentioners = engagers.body.results.filter((e) => e.mentions > 0);
    expect(mentioners.length).toBeGreaterThan(0);
    for (const e of mentioners) expect(mentionAuthors).toContain(e.user.username);
    for (const e of engagers.body.results) expect(e.total).toBe(e.likes + e.reposts + e.quotes + e.mentions);

    // The posts the account liked, as X lists them (engagement given back to engagers).
    const liked = new Set<number>();
    for (let e = 0; e < events.length; e++)
      if (events.kind.get(e) === EventKind.like && events.actor.get(e) === me) liked.add(events.post.get(e));
    const repo = createDeepThoughtRepository(db);
    const accountId = (await repo.listAccounts(ann.user.id))[0]!.id;
    const likedRead = await repo.engagedPostCount(accountId, ['liked']);
    expect(likedRead).toBeLessThanOrEqual(Math.min(liked.size, 200));
    if (liked.size > 0) expect(likedRead).toBeGreaterThan(0);
    const likedAuthors = new Set([...liked].map((p) => net.accounts.handles[authorOf(p)]!));
    for (const e of engagers.body.results.filter((r) => r.liked_by_you > 0))
      expect(likedAuthors).toContain(e.user.username);

    // X's post counts of the last 7 days (the sandbox's clock) are the account's own posting hours.
    const end = net.clock.now;
    let own = 0;
    for (let p = 0; p < posts.length; p++)
      if (authorOf(p) === me && posts.time.get(p) >= end - 7 * 86_400 && posts.time.get(p) < end) own++;
    const best = await get<DtBestTime>('/api/external/deepthought/best-post-time/?tz=Asia/Tokyo');
    expect(best.body.own_posts_7d).toBe(own);
    expect(best.body.own_hours).toHaveLength(24);
    if (own > 0) expect(best.body.own_hours.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
  });

  it('bulk-unfollows spam within X’s per-user limits, waiting for the window to reset', async () => {
    const spam = await get<DtSpam>('/api/external/deepthought/spam-analysis/');
    const followingIds = net.graph.following(me).map((i) => net.accounts.ids[i]!.toString());
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
    const now = new Set(net.graph.following(me).map((i) => net.accounts.ids[i]!.toString()));
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
    const repo = createDeepThoughtRepository(db);
    const row = (await repo.listAccounts(ann.user.id))[0]!;
    const done = await repo.createJob(
      { accountId: row.id, kind: 'unfollow', state: 'done', total: X_FOLLOW_ACTIONS_PER_DAY },
      Array.from({ length: X_FOLLOW_ACTIONS_PER_DAY }, (_, i) => String(9_000_000_000 + i)),
    );
    const hourAgo = Date.now() - 3_600_000;
    await db.update(dtJobItems).set({ state: 'done', doneAt: hourAgo }).where(eq(dtJobItems.jobId, done.id));
    const target = net.accounts.ids[net.graph.following(me)[0]!]!.toString();
    const refused = await app.inject({
      method: 'POST',
      url: '/api/user/follow-unfollow/',
      payload: { action: 'unfollow', user_ids: [target] },
      headers: ann.tokenAuth,
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
    await db
      .update(dtJobItems)
      .set({ doneAt: hourAgo - 86_400_000 })
      .where(eq(dtJobItems.jobId, done.id));

    // A job reaching the cap waits (stage and wait_until say until when), then goes on.
    let now = Date.now();
    const seen: { stage: string; waitUntil: Date | null; at: number }[] = [];
    const xApi = createXClient(testConfig({ publicUrl: origin }).x).users;
    const capped = createDeepThoughtService({
      repository: repo,
      xApi,
      secret: testConfig().sessionSecret,
      clock: { now: () => new Date(now) },
      log: app.log,
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
    const targets = net.graph
      .following(me)
      .slice(0, 3)
      .map((t) => net.accounts.ids[t]!.toString());
    const job = await capped.followUnfollow(ann.user.id, { action: 'unfollow', user_ids: targets });
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
    const following = new Set(net.graph.following(me).map((i) => net.accounts.ids[i]!.toString()));
    for (const t of targets) expect(following.has(t)).toBe(false);
  }, 60_000);

  it('reads one list, and no other user’s', async () => {
    const created = await post<XList>('/api/user/lists/', { name: 'One list' });
    expect(created.status).toBe(200);
    const one = await get<XList>(`/api/user/lists/${created.body.id}/`);
    expect(one).toEqual({ status: 200, body: created.body });
    const bob = await signIn('bob-lists@example.com');
    await givePremium(bob.user.id);
    // Bob has no X account: 404, like a list that does not exist for ann.
    expect((await get(`/api/user/lists/${created.body.id}/`, bob.tokenAuth)).status).toBe(404);
    expect((await get('/api/user/lists/999999/')).status).toBe(404);
    // A malformed id names no list either (plugins/error-handler.ts: bad path parameters are 404s).
    expect((await get('/api/user/lists/abc/')).status).toBe(404);
    await post(
      '/api/external/deepthought/accounts/',
      await xTokensFor(net.graph.followers(me)[0]!),
      bob.tokenAuth,
    );
    expect((await get(`/api/user/lists/${created.body.id}/`, bob.tokenAuth)).status).toBe(404);
    expect((await get('/api/user/lists/', bob.tokenAuth)).body).toEqual([]);
  });

  it('serves the same lists under /api/external/deepthought/lists/ (SPEC §7 analytics tool)', async () => {
    const created = await post<XList>('/api/external/deepthought/lists/', { name: 'Under the suite' });
    expect(created.status).toBe(200);
    expect(await get<XList>(`/api/external/deepthought/lists/${created.body.id}/`)).toEqual({
      status: 200,
      body: created.body,
    });
    // One set of lists behind both paths.
    expect((await get<XList[]>('/api/user/lists/')).body.map((l) => l.id)).toContain(created.body.id);
    expect((await get<XList[]>('/api/external/deepthought/lists/')).body).toEqual(
      (await get<XList[]>('/api/user/lists/')).body,
    );
    expect((await get('/api/external/deepthought/lists/999999/')).status).toBe(404);
  });

  it('creates, renames and fills a list on X and locally, then deletes it', async () => {
    const created = await post<XList>('/api/user/lists/', { name: 'Close friends', description: 'mine' });
    expect(created.status).toBe(200);
    const lists = await get<XList[]>('/api/user/lists/');
    expect(lists.body.map((l) => l.name)).toContain('Close friends');
    const member = net.accounts.ids[net.graph.followers(me)[0]!]!.toString();
    const members = await post<{ members: { id: string }[] }>(`/api/user/lists/${created.body.id}/members/`, {
      add: [member],
    });
    expect(members.body.members.map((m) => m.id)).toEqual([member]);
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/user/lists/${created.body.id}/`,
      payload: { name: 'Best friends' },
      headers: ann.tokenAuth,
    });
    expect(renamed.json<XList>()).toMatchObject({ name: 'Best friends', member_count: 1 });
    const tooLong = await post('/api/user/lists/', { name: 'x'.repeat(26) });
    expect(tooLong.status).toBe(400);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/user/lists/${created.body.id}/`,
      headers: ann.tokenAuth,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get<XList[]>('/api/user/lists/')).body.map((l) => l.id)).not.toContain(created.body.id);
  });

  it('talks about the account in Japanese and English with the figures it used', async () => {
    const ja = await post<TalkToXAnswer>('/api/external/deepthought/talk-to-x/', {
      question: '今週フォロー解除したのは誰？',
    });
    expect(ja.body).toMatchObject({ intent: 'unfollowers', language: 'ja', phrased_by_model: false });
    expect(ja.body.answer).toMatch(/今週/);
    expect(ja.body.figures.length).toBeGreaterThan(0);
    const en = await post<TalkToXAnswer>('/api/external/deepthought/talk-to-x/', {
      question: 'When should I post?',
      tz: 'Asia/Tokyo',
    });
    expect(en.body).toMatchObject({ intent: 'best_time', language: 'en' });
    expect(en.body.answer).toMatch(/Asia\/Tokyo/);
  });

  it('resumes an unfinished follow job after a restart without doing anything twice', async () => {
    const repo = createDeepThoughtRepository(db);
    const row = (await repo.listAccounts(ann.user.id))[0]!;
    const targets = net.graph.following(me).slice(0, 4);
    const ids = targets.map((t) => net.accounts.ids[t]!.toString());
    // A job the previous process left running: its first two unfollows were done (and recorded) on X.
    const job = await repo.createJob(
      { accountId: row.id, kind: 'unfollow', state: 'running', total: 4 },
      ids,
    );
    await repo.finishItem(job.id, ids[0]!, 'done', null, new Date());
    await repo.finishItem(job.id, ids[1]!, 'done', null, new Date());
    const calls: string[] = [];
    const xApi = createXClient(testConfig({ publicUrl: origin }).x).users;
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
      log: app.log,
      premium: () => Promise.resolve(true),
    });
    await restarted.resume();
    await restarted.settled(job.id);
    await restarted.close();
    expect(calls).toEqual(ids.slice(2));
    const following = new Set(net.graph.following(me));
    expect(targets.map((t) => following.has(t))).toEqual([true, true, false, false]);
    expect(await repo.job(job.id)).toMatchObject({ state: 'done', done: 4, total: 4 });
  });

  it('lets a model rephrase Talk to X only when every figure survives', () => {
    const answer = '3 accounts unfollowed you this week: @a1, @b2, @c3';
    expect(keepsFigures(answer, 'This week @a1, @b2 and @c3 (3 accounts) unfollowed you.')).toBe(true);
    expect(keepsFigures(answer, 'This week 4 accounts unfollowed you: @a1, @b2, @c3')).toBe(false);
    expect(keepsFigures(answer, 'Some people unfollowed you.')).toBe(false);
  });

  it('keeps one user’s accounts from another', async () => {
    const bob = await signIn('bob@example.com');
    expect((await get(`/api/external/deepthought/jobs/1/`, bob.tokenAuth)).status).toBe(404);
    expect((await get('/api/external/deepthought/stats/', bob.tokenAuth)).status).toBe(404);
    expect(
      (await post(`/api/external/deepthought/accounts/${account.id}/select/`, {}, bob.tokenAuth)).status,
    ).toBe(404);
  });
});
