import { TwitterApi, type ApiResponseError } from 'twitter-api-v2';
import { afterAll, describe, expect, it } from 'vitest';
import { AccountFlag } from '../../model/accounts';
import { postId } from '../../model/posts';
import { bioOf } from '../../text/bio';
import { postContent } from '../../text/post-text';
import { SANDBOX_DEV_CREDENTIALS } from '../options';
import { startSandbox } from '../x-test-kit';
import { RECENT_SECONDS } from './search/post-index';

// Followers walks take many pages; X's 15-per-window limit is tested on its own below.
const sandbox = await startSandbox({ x: { rateLimits: { 'GET /2/users/:id/followers': 1000 } } });
const { network: net } = sandbox;
const client = new TwitterApi(SANDBOX_DEV_CREDENTIALS.x.bearerToken, sandbox.settings).readOnly;
afterAll(() => sandbox.app.close());

const idOf = (a: number): string => net.accounts.ids[a]!.toString();
const isPublic = (a: number): boolean => (net.accounts.flags[a]! & AccountFlag.protected) === 0;
/** A public account with between `min` and `max` followers. */
const withFollowers = (min: number, max: number): number => {
  for (let a = 0; a < net.accounts.count; a++)
    if (isPublic(a) && net.graph.inDegree[a]! >= min && net.graph.inDegree[a]! <= max) return a;
  throw new Error('no such account');
};

describe('X API v2 through twitter-api-v2 (app-only Bearer token)', () => {
  it('looks users up by username and by id, with fields and the pinned post expansion', async () => {
    const a = withFollowers(50, 5000);
    const { data, includes } = await client.v2.userByUsername(net.accounts.handles[a]!.toUpperCase(), {
      'user.fields': ['public_metrics', 'description', 'created_at', 'profile_image_url', 'verified'],
      expansions: ['pinned_tweet_id'],
      'tweet.fields': ['created_at', 'public_metrics'],
    });
    expect(data).toMatchObject({
      id: idOf(a),
      username: net.accounts.handles[a],
      description: bioOf(net.accounts, a),
    });
    expect(data.public_metrics?.followers_count).toBe(net.graph.inDegree[a]);
    // The live API's tweet_count and the current document's post_count, both always.
    const metrics = data.public_metrics as Record<string, number> | undefined;
    expect(metrics?.tweet_count).toBeGreaterThanOrEqual(0);
    expect(metrics?.post_count).toBe(metrics?.tweet_count);
    expect(data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    if (data.pinned_tweet_id) expect(includes?.tweets?.[0]?.id).toBe(data.pinned_tweet_id);
    const avatar = await fetch(data.profile_image_url!);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');

    const [b, c] = [a + 1, a + 2];
    const byIds = await client.v2.users([idOf(b), idOf(c), '1']);
    expect(byIds.data.map((u) => u.username)).toEqual([net.accounts.handles[b], net.accounts.handles[c]]);
    expect(byIds.errors?.[0]).toMatchObject({ title: 'Not Found Error', resource_type: 'user', value: '1' });
    const byNames = await client.v2.usersByUsernames([net.accounts.handles[b]!, 'nobody_here_42']);
    expect(byNames.data.map((u) => u.id)).toEqual([idOf(b)]);
    expect((await client.v2.user(idOf(c))).data.name).toBe(net.accounts.names[c]);
    const missing = await client.v2.userByUsername('nobody_here_42');
    expect(missing.data).toBeUndefined();
    expect(missing.errors?.[0]?.detail).toBe('Could not find user with username: [nobody_here_42].');
  });

  it('walks every page of followers with the paginator and finds exactly the network’s followers', async () => {
    const a = withFollowers(230, 2000);
    const paginator = await client.v2.followers(idOf(a), { asPaginator: true, max_results: 100 });
    await paginator.fetchLast(Infinity);
    const ids = paginator.users.map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(net.graph.followers(a).map(idOf)));

    // Tokens are opaque and stable: the same page twice gives the same token, and it walks back.
    const first = await client.v2.followers(idOf(a), { max_results: 100 });
    const again = await client.v2.followers(idOf(a), { max_results: 100 });
    expect(first.meta.next_token).toBe(again.meta.next_token);
    expect(first.meta.next_token).toMatch(/^[0-9a-v]{16,}$/);
    const second = await client.v2.followers(idOf(a), {
      max_results: 100,
      pagination_token: first.meta.next_token,
    });
    const back = await client.v2.followers(idOf(a), {
      max_results: 100,
      pagination_token: second.meta.previous_token,
    });
    expect(back.data.map((u) => u.id)).toEqual(first.data.map((u) => u.id));
    const following = await client.v2.following(idOf(a), { max_results: 1000 });
    expect(new Set(following.data.map((u) => u.id))).toEqual(new Set(net.graph.following(a).map(idOf)));
  });

  it('searches the last seven days with X’s query language, newest first, across pages', async () => {
    const since = net.clock.now - RECENT_SECONDS;
    const recent: number[] = [];
    for (let p = 0; p < net.posts.length; p++)
      if (net.posts.time.get(p) >= since && isPublic(net.posts.author.get(p))) recent.push(p);
    const counts = new Map<string, number>();
    for (const p of recent)
      for (const tag of postContent(net, p).hashtags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    const [tag] = [...counts.entries()]
      .filter(([t]) => /^#[A-Za-z]+$/.test(t))
      .sort((x, y) => y[1] - x[1])[0]!;
    const truth = recent.filter((p) => postContent(net, p).text.toLowerCase().includes(tag.toLowerCase()));

    const paginator = await client.v2.search(tag, {
      max_results: 10,
      'tweet.fields': ['created_at', 'author_id'],
    });
    await paginator.fetchLast(Infinity);
    const found = paginator.tweets;
    expect(new Set(found.map((t) => t.id))).toEqual(new Set(truth.map((p) => postId(net.posts, p))));
    for (let k = 1; k < found.length; k++)
      expect(found[k - 1]!.created_at! >= found[k]!.created_at!).toBe(true);

    const author = net.posts.author.get(truth[0]!);
    const fromAuthor = await client.v2.search(`from:${net.accounts.handles[author]} -${tag}`, {
      max_results: 100,
    });
    for (const t of fromAuthor.tweets) expect(t.text.toLowerCase()).not.toContain(tag.toLowerCase());
    const either = await client.v2.search(`(${tag} OR lang:ja) -is:reply`, {
      max_results: 100,
      'tweet.fields': ['lang'],
    });
    for (const t of either.tweets)
      expect(t.lang === 'ja' || t.text.toLowerCase().includes(tag.toLowerCase())).toBe(true);
  });

  it('lists a user’s posts and who reposted one, with includes', async () => {
    const posts = Array.from({ length: net.posts.length }, (_, p) => p);
    const reposted = posts.find((p) => net.posts.reposts.get(p) >= 2 && isPublic(net.posts.author.get(p)))!;
    const author = net.posts.author.get(reposted);
    const timeline = await client.v2.userTimeline(idOf(author), {
      max_results: 100,
      expansions: ['author_id'],
    });
    expect(timeline.tweets.map((t) => t.id)).toContain(postId(net.posts, reposted));
    expect(timeline.includes.users[0]?.id).toBe(idOf(author));
    const reposters = await client.v2.tweetRetweetedBy(postId(net.posts, reposted));
    expect(reposters.data).toHaveLength(net.posts.reposts.get(reposted));
  });

  it('answers errors in X’s shapes', async () => {
    const error = (await client.v2
      .userByUsername('not a handle!')
      .catch((e: unknown) => e)) as ApiResponseError;
    expect(error.code).toBe(400);
    expect(error.data).toMatchObject({
      title: 'Invalid Request',
      type: 'https://api.x.com/2/problems/invalid-request',
      errors: [{ parameters: { username: ['not a handle!'] } }],
    });
    const badField = await fetch(`${sandbox.base}/x/2/users/1?user.fields=shoe_size`, {
      headers: { authorization: `Bearer ${SANDBOX_DEV_CREDENTIALS.x.bearerToken}` },
    });
    expect(badField.status).toBe(400);
    expect(JSON.stringify(await badField.json())).toContain(
      'The `user.fields` query parameter value [shoe_size] is not one of',
    );
    const unauthorised = await fetch(`${sandbox.base}/x/2/users/1`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect([unauthorised.status, await unauthorised.json()]).toEqual([
      401,
      { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
    ]);
    const likers = (await client.v2.tweetLikedBy('1').catch((e: unknown) => e)) as ApiResponseError;
    expect([likers.code, likers.data.title]).toEqual([403, 'Unsupported Authentication']);
  });
});
