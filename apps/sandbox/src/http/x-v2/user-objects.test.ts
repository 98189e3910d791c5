import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { generateNetwork } from '../../generate/network';
import { advance } from '../../simulate/tick';
import { liveLists } from '../../history/live-lists';
import { AccountFlag } from '../../model/accounts';
import { postId } from '../../model/posts';
import { createSandboxPlugin } from '../sandbox-plugin';
import { sandboxClientSettings } from '../x-client-redirect';
import { signInWithOAuth2, TEST_CALLBACKS, type RunningSandbox } from '../x-test-kit';
import { USER_FIELDS } from './field-names';
import { expectSchema } from './stream-test-kit';

// Every GET route of the X surface is collected as it is registered, so a new user-returning
// endpoint cannot be left out of the walk below.
const network = generateNetwork({
  accounts: 2000,
  seed: 'user-objects',
  historyDays: 8,
  now: Date.UTC(2026, 7, 1) / 1000,
});
// Three simulated days after the anchor, so accounts born since are among those walked.
advance(network, 72);
const born = network.simulation.lifecycle!.births!.born;
const app = Fastify();
const routes: string[] = [];
app.addHook('onRoute', (route) => {
  const methods = ([] as string[]).concat(route.method);
  if (methods.includes('GET') && route.url.startsWith('/sandbox/x/2/') && !route.url.endsWith('*'))
    routes.push(route.url.slice('/sandbox/x/2'.length));
});
await app.register(createSandboxPlugin({ callbacks: TEST_CALLBACKS, network }), { prefix: '/sandbox' });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/sandbox`;
const sandbox: RunningSandbox = { app, network, base, settings: sandboxClientSettings(base) };
afterAll(async () => {
  sandbox.settings.httpAgent?.destroy();
  await app.close();
});

const net = network;
const busiest = (column: { get(i: number): number }, length: number): number => {
  let best = 0;
  for (let p = 1; p < length; p++) if (column.get(p) > column.get(best)) best = p;
  return best;
};
let star = 0;
for (let a = 1; a < net.accounts.count; a++)
  if (net.graph.inDegree[a]! > net.graph.inDegree[star]! && !(net.accounts.flags[a]! & AccountFlag.protected))
    star = a;
const liked = busiest(net.posts.likes, net.posts.length);
const reposted = busiest(net.posts.reposts, net.posts.length);
const lists = liveLists(net);
let list = -1;
for (let l = 0; l < lists.count && list < 0; l++)
  if (!lists.get(l).private && lists.get(l).members.length > 0) list = l;

const userId = net.accounts.ids[star]!.toString();
const handle = net.accounts.handles[star]!;
// The document's spelling throughout: post.fields, pinned_post_id, referenced_posts.
const USER = `user.fields=${USER_FIELDS.join(',')}&post.fields=author_id,created_at`;
const LIST_USER = `user.fields=${USER_FIELDS.join(',')}`;
const POSTS = `post.fields=author_id,created_at,referenced_posts,in_reply_to_user_id&user.fields=${USER_FIELDS.join(',')}&expansions=author_id,entities.mentions.username,in_reply_to_user_id,referenced_posts`;

/** Each user-returning GET route, with a request that returns users in `data` and/or `includes.users`. */
const WALK: Record<string, string> = {
  '/users/by/username/:username': `/users/by/username/${handle}?${USER}&expansions=pinned_post_id`,
  '/users/by': `/users/by?usernames=${[star, 0, ...born].map((a) => net.accounts.handles[a]).join(',')}&${USER}`,
  '/users/:id': `/users/${userId}?${USER}&expansions=most_recent_post_id`,
  '/users': `/users?ids=${[star, 1, ...born].map((a) => net.accounts.ids[a]).join(',')}&${USER}`,
  '/users/me': `/users/me?${USER}`,
  '/users/:id/followers': `/users/${userId}/followers?${USER}&max_results=20`,
  '/users/:id/following': `/users/${userId}/following?${USER}&max_results=20`,
  '/tweets/:id/liking_users': `/tweets/${postId(net.posts, liked)}/liking_users?${USER}`,
  '/tweets/:id/retweeted_by': `/tweets/${postId(net.posts, reposted)}/retweeted_by?${USER}`,
  '/lists/:id/members': `/lists/${lists.id(list)}/members?${USER}`,
  '/lists/:id': `/lists/${lists.id(list)}?expansions=owner_id&${LIST_USER}`,
  '/users/:id/owned_lists': `/users/${net.accounts.ids[lists.get(list).owner]}/owned_lists?expansions=owner_id&${LIST_USER}`,
  '/users/:id/tweets': `/users/${userId}/tweets?${POSTS}`,
  '/tweets/:id': `/tweets/${postId(net.posts, liked)}?${POSTS}`,
  '/tweets': `/tweets?ids=${postId(net.posts, liked)},${postId(net.posts, reposted)}&${POSTS}`,
  '/tweets/search/recent': `/tweets/search/recent?query=${encodeURIComponent(`from:${handle} OR @${handle}`)}&${POSTS}`,
  '/users/:id/mentions': `/users/${userId}/mentions?${POSTS}`,
  '/users/:id/liked_tweets': `/users/${net.posts.author.get(liked) === star ? net.accounts.ids[0] : userId}/liked_tweets?${POSTS}`,
  '/tweets/:id/quote_tweets': `/tweets/${postId(net.posts, liked)}/quote_tweets?${POSTS}`,
};
/** Routes whose `data` holds users (the others carry them in `includes.users`). */
const USERS_IN_DATA = new Set([
  '/users/by/username/:username',
  '/users/by',
  '/users/:id',
  '/users',
  '/users/me',
  '/users/:id/followers',
  '/users/:id/following',
  '/tweets/:id/liking_users',
  '/tweets/:id/retweeted_by',
  '/lists/:id/members',
]);
/** GET routes that return no user object at all. */
const NO_USERS = new Set([
  '/tweets/counts/recent',
  '/activity/subscriptions',
  '/tweets/firehose/stream',
  '/likes/firehose/stream',
  '/users/compliance/stream',
  '/tweets/compliance/stream',
  '/activity/stream',
]);

describe('user objects on every user-returning path of /x/2/', () => {
  it("are valid against X's User schema (public_metrics.post_count and all) in the document's spelling", async () => {
    expect(list).toBeGreaterThanOrEqual(0);
    expect(born.length).toBeGreaterThan(0);
    const unwalked = routes.filter((r) => !(r in WALK) && !NO_USERS.has(r));
    expect(unwalked, 'GET routes neither walked nor known to return no user').toEqual([]);
    const client = await signInWithOAuth2(sandbox, star);
    const token = client.getActiveTokens();
    const bearer = 'bearerToken' in token ? token.bearerToken : '';
    const counts: Record<string, number> = {};
    for (const [route, path] of Object.entries(WALK)) {
      const response = await fetch(`${base}/x/2${path}`, { headers: { authorization: `Bearer ${bearer}` } });
      const body = (await response.json()) as {
        data?: unknown;
        includes?: { users?: unknown[] };
        errors?: unknown;
      };
      expect(response.status, `${route}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
      const users: unknown[] = [...(body.includes?.users ?? [])];
      if (USERS_IN_DATA.has(route)) users.push(...([] as unknown[]).concat(body.data ?? []));
      counts[route] = users.length;
      for (const user of users) {
        expectSchema('User', user);
        const metrics = (user as { public_metrics: { post_count: number; tweet_count: number } })
          .public_metrics;
        expect(metrics.post_count, route).toBe(metrics.tweet_count);
      }
    }
    // Every route returned at least one user object to check (the network makes no quote posts).
    for (const [route, n] of Object.entries(counts))
      if (route !== '/tweets/:id/quote_tweets') expect(n, route).toBeGreaterThan(0);
  });

  it("answers an unknown path with X's 404 problem (the document's Problem and X's legacy error)", async () => {
    for (const path of ['/nothing/here', '/users/1/nothing?x=1']) {
      const response = await fetch(`${base}/x/2${path}`);
      expect(response.status).toBe(404);
      const body = (await response.json()) as Record<string, unknown>;
      expectSchema('Problem', body);
      expect(body).toMatchObject({
        type: 'https://api.x.com/2/problems/resource-not-found',
        status: 404,
        errors: [{ message: 'Sorry, that page does not exist', code: 34 }],
      });
    }
  });
});
