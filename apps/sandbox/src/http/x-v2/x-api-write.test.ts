import Fastify from 'fastify';
import type { ApiResponseError } from 'twitter-api-v2';
import { afterAll, describe, expect, it } from 'vitest';
import { liveLists } from '../../history/live-lists';
import { newFollowersSince, unfollowersSince } from '../../history/queries';
import { AccountFlag } from '../../model/accounts';
import { EventKind } from '../../model/events';
import { postId } from '../../model/posts';
import { createSandboxPlugin } from '../sandbox-plugin';
import { signInWithOAuth2, startSandbox } from '../x-test-kit';

const sandbox = await startSandbox();
const { network: net } = sandbox;
afterAll(() => sandbox.app.close());

const idOf = (a: number): string => net.accounts.ids[a]!.toString();
const isProtected = (a: number): boolean => (net.accounts.flags[a]! & AccountFlag.protected) !== 0;
const ME = 30;
const OTHER = 31;
const me = await signInWithOAuth2(sandbox, ME);
const other = await signInWithOAuth2(sandbox, OTHER);

describe('X API v2 writes as a signed-in user (OAuth 2.0 user token)', () => {
  it('creates a list, adds and lists members, renames and deletes it; only its owner may', async () => {
    const [m1, m2] = [100, 200];
    const { data: created } = await me.v2.createList({
      name: 'Sandbox founders',
      description: 'People to watch',
      private: false,
    });
    expect(created.name).toBe('Sandbox founders');
    expect((await me.v2.addListMember(created.id, idOf(m1))).data.is_member).toBe(true);
    await me.v2.addListMember(created.id, idOf(m2));
    const members = await me.v2.listMembers(created.id, { 'user.fields': ['public_metrics'] });
    expect(members.users.map((u) => u.id).sort()).toEqual([idOf(m1), idOf(m2)].sort());
    expect(members.users.find((u) => u.id === idOf(m1))!.public_metrics!.listed_count).toBe(
      liveLists(net).listedCount(m1),
    );
    const owned = await me.v2.listsOwned(idOf(ME), { 'list.fields': ['member_count', 'owner_id'] });
    expect(owned.lists.find((l) => l.id === created.id)).toMatchObject({
      member_count: 2,
      owner_id: idOf(ME),
    });

    const refused = (await other.v2.removeList(created.id).catch((e: unknown) => e)) as ApiResponseError;
    expect([refused.code, refused.data.detail]).toEqual([403, 'You are not allowed to delete this List.']);
    expect((await me.v2.updateList(created.id, { name: 'Renamed', private: true })).data.updated).toBe(true);
    expect((await me.v2.list(created.id, { 'list.fields': ['private'] })).data).toMatchObject({
      name: 'Renamed',
      private: true,
    });
    // A private list is invisible to others.
    expect((await other.v2.list(created.id)).errors?.[0]).toMatchObject({
      title: 'Not Found Error',
      resource_type: 'list',
    });
    expect((await me.v2.removeListMember(created.id, idOf(m1))).data.is_member).toBe(false);
    expect((await me.v2.removeList(created.id)).data.deleted).toBe(true);
    expect((await me.v2.list(created.id)).errors?.[0]?.title).toBe('Not Found Error');
    expect(liveLists(net).byId(created.id)).toBe(-1);
  });

  it('follows and unfollows: the graph changes and the history records both', async () => {
    const since = net.clock.now;
    const target = Array.from({ length: 500 }, (_, k) => 300 + k).find(
      (a) => !net.graph.follows(ME, a) && !isProtected(a),
    )!;
    expect((await me.v2.follow(idOf(ME), idOf(target))).data).toEqual({
      following: true,
      pending_follow: false,
    });
    const followers = await me.v2.followers(idOf(target), { max_results: 1000 });
    expect(followers.data.map((u) => u.id)).toContain(idOf(ME));
    expect(newFollowersSince(net, target, since).map((f) => f.account)).toContain(ME);
    expect((await me.v2.unfollow(idOf(ME), idOf(target))).data.following).toBe(false);
    expect(unfollowersSince(net, target, since)).toContainEqual({
      account: ME,
      at: net.clock.now,
      refollowed: false,
    });

    const locked = Array.from({ length: net.accounts.count }, (_, a) => a).find(
      (a) => isProtected(a) && !net.graph.follows(ME, a),
    );
    if (locked !== undefined)
      expect((await me.v2.follow(idOf(ME), idOf(locked))).data.pending_follow).toBe(true);
    const onBehalf = (await me.v2
      .follow(idOf(OTHER), idOf(target))
      .catch((e: unknown) => e)) as ApiResponseError;
    expect(onBehalf.code).toBe(403);
  });

  it('lists who liked a post, most recent first, as the history has it', async () => {
    const post = Array.from({ length: net.posts.length }, (_, p) => p).find(
      (p) => net.posts.likes.get(p) >= 3 && !isProtected(net.posts.author.get(p)),
    )!;
    const likers: number[] = [];
    for (let e = 0; e < net.events.length; e++)
      if (net.events.kind.get(e) === EventKind.like && net.events.post.get(e) === post)
        likers.push(net.events.actor.get(e));
    const { data } = await me.v2.tweetLikedBy(postId(net.posts, post));
    expect(data.map((u) => u.id)).toEqual(likers.reverse().map(idOf));
  });
});

describe('one X authorisation server', () => {
  it('lets a user token from /x/i/oauth2 into the Ads API at /ads/12 too', async () => {
    const accounts = await me.get<{ data: unknown[] }>(`${sandbox.base}/ads/12/accounts`);
    expect(Array.isArray(accounts.data)).toBe(true);
    const anonymous = await fetch(`${sandbox.base}/ads/12/accounts`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('X API v2 rate limits', () => {
  it('counts per token and endpoint in 15-minute windows, with X’s headers and a 429', async () => {
    let now = Date.UTC(2026, 0, 1);
    const app = Fastify();
    await app.register(
      createSandboxPlugin({
        network: net,
        now: () => now,
        x: { bearerTokens: ['one', 'two'], rateLimits: { 'GET /2/users/:id': 2 } },
      }),
      { prefix: '/sandbox' },
    );
    const get = (token: string) =>
      app.inject({ url: `/sandbox/x/2/users/${idOf(1)}`, headers: { authorization: `Bearer ${token}` } });
    const first = await get('one');
    expect(first.headers).toMatchObject({
      'x-rate-limit-limit': '2',
      'x-rate-limit-remaining': '1',
      'x-rate-limit-reset': String(now / 1000 + 900),
    });
    expect((await get('one')).headers['x-rate-limit-remaining']).toBe('0');
    const limited = await get('one');
    expect([limited.statusCode, limited.json()]).toEqual([
      429,
      { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
    ]);
    expect((await get('two')).statusCode).toBe(200);
    const other = await app.inject({
      url: `/sandbox/x/2/users/by/username/${net.accounts.handles[1]}`,
      headers: { authorization: 'Bearer one' },
    });
    expect([other.statusCode, other.headers['x-rate-limit-limit']]).toEqual([200, '300']);
    now += 900_000;
    expect((await get('one')).statusCode).toBe(200);
    await app.close();
  });
});
