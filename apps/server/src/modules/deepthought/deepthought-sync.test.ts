import { describe, expect, it, beforeAll } from 'vitest';
import { advance, EventKind } from '@murmur/sandbox';
import type {
  DtBestTime,
  DtChanges,
  DtEngagers,
  DtJob,
  DtStatus,
  DtUsersPage,
  TalkToXAnswer,
  XAccount,
} from '@murmur/core/api';
import { deepThoughtKit } from '../../test/deepthought-kit';
import { createDeepThoughtRepository } from './deepthought.repository';
import { SYNC_STAGES } from './sync-job';

const dt = deepThoughtKit();
const { get, post, finished, givePremium, signIn } = dt;

describe('Deep Thought sync and analyses', () => {
  let account: XAccount;
  beforeAll(async () => {
    account = await dt.connect();
    await givePremium(dt.ann.user.id);
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
    before = new Set(dt.net.graph.followers(dt.me));
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
    expect(ids).toEqual(new Set([...before].map((f) => dt.net.accounts.ids[f]!.toString())));
    const following = await get<DtUsersPage>('/api/external/deepthought/following/');
    expect(following.body.count).toBe(dt.net.graph.following(dt.me).length);
    const stats = await get<{ posts: number; followers: number }>('/api/external/deepthought/stats/');
    expect(stats.body.followers).toBe(before.size);
    expect(stats.body.posts).toBeGreaterThan(0);
  }, 60_000);

  it('shows who unfollowed and who followed between two syncs after simulated time passes', async () => {
    advance(dt.net, 24 * 14);
    const after = new Set(dt.net.graph.followers(dt.me));
    const left = [...before].filter((f) => !after.has(f)).map((f) => dt.net.accounts.handles[f]!);
    const came = [...after].filter((f) => !before.has(f)).map((f) => dt.net.accounts.handles[f]!);
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
    const { posts, events } = dt.net;
    const authorOf = (p: number) => posts.author.get(p);
    const mentionAuthors = new Set<string>();
    let mentions = 0;
    for (let p = 0; p < posts.length; p++) {
      const replyTo = posts.replyTo.get(p);
      if (
        authorOf(p) !== dt.me &&
        (posts.mention.get(p) === dt.me || (replyTo >= 0 && authorOf(replyTo) === dt.me))
      ) {
        mentions++;
        mentionAuthors.add(dt.net.accounts.handles[authorOf(p)]!);
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
      if (events.kind.get(e) === EventKind.like && events.actor.get(e) === dt.me)
        liked.add(events.post.get(e));
    const repo = createDeepThoughtRepository(dt.db);
    const accountId = (await repo.listAccounts(dt.ann.user.id))[0]!.id;
    const likedRead = await repo.engagedPostCount(accountId, ['liked']);
    expect(likedRead).toBeLessThanOrEqual(Math.min(liked.size, 200));
    if (liked.size > 0) expect(likedRead).toBeGreaterThan(0);
    const likedAuthors = new Set([...liked].map((p) => dt.net.accounts.handles[authorOf(p)]!));
    for (const e of engagers.body.results.filter((r) => r.liked_by_you > 0))
      expect(likedAuthors).toContain(e.user.username);

    // X's post counts of the last 7 days (the sandbox's clock) are the account's own posting hours.
    const end = dt.net.clock.now;
    let own = 0;
    for (let p = 0; p < posts.length; p++)
      if (authorOf(p) === dt.me && posts.time.get(p) >= end - 7 * 86_400 && posts.time.get(p) < end) own++;
    const best = await get<DtBestTime>('/api/external/deepthought/best-post-time/?tz=Asia/Tokyo');
    expect(best.body.own_posts_7d).toBe(own);
    expect(best.body.own_hours).toHaveLength(24);
    if (own > 0) expect(best.body.own_hours.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
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

  it('keeps one user’s accounts from another', async () => {
    const bob = await signIn('bob@example.com');
    expect((await get(`/api/external/deepthought/jobs/1/`, bob.tokenAuth)).status).toBe(404);
    expect((await get('/api/external/deepthought/stats/', bob.tokenAuth)).status).toBe(404);
    expect(
      (await post(`/api/external/deepthought/accounts/${account.id}/select/`, {}, bob.tokenAuth)).status,
    ).toBe(404);
  });
});
