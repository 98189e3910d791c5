import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AjvModule from 'ajv';
import { TwitterApi } from 'twitter-api-v2';
import { afterAll, describe, expect, it } from 'vitest';
import { isGone } from '../../model/accounts';
import { EventKind } from '../../model/events';
import { postId } from '../../model/posts';
import { SANDBOX_DEV_CREDENTIALS } from '../options';
import { signInWithOAuth2, startSandbox } from '../x-test-kit';

const sandbox = await startSandbox({});
const { network: net } = sandbox;
const client = new TwitterApi(SANDBOX_DEV_CREDENTIALS.x.bearerToken, sandbox.settings).readOnly;
afterAll(() => sandbox.app.close());

// X's published OpenAPI document (the schemas these tests use, __fixtures__/README.md): each answer
// is checked against its 200 response schema.
const openapi = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '__fixtures__/x-api-v2-openapi.posts.json'), 'utf8'),
) as { components: object };
const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default ?? AjvModule;
const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore', format: false } as never);
ajv.addSchema({ $id: 'x', components: openapi.components });
const matchesSchema = (name: string, body: unknown) => {
  const validate = ajv.getSchema(`x#/components/schemas/${name}`)!;
  const ok = validate(body);
  expect(ok, JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
};
const get = async (path: string) => {
  const r = await fetch(`${sandbox.base}/x/2/${path}`, {
    headers: { authorization: `Bearer ${SANDBOX_DEV_CREDENTIALS.x.bearerToken}` },
  });
  return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, unknown> };
};

/** A post with likes and replies, by a public author. */
const busy = (() => {
  let best = 0;
  for (let p = 0; p < net.posts.length; p++)
    if (
      net.posts.replies.get(p) + net.posts.likes.get(p) >
      net.posts.replies.get(best) + net.posts.likes.get(best)
    )
      best = p;
  return best;
})();

describe('X API v2 post endpoints (lookup, mentions, liked posts, quotes, counts)', () => {
  it('looks a post up by id and by ids, in X’s shapes, with X’s rate-limit headers', async () => {
    const id = postId(net.posts, busy);
    // The current document's spelling (post.fields → repost_count) …
    const one = await get(`tweets/${id}?post.fields=created_at,public_metrics,author_id`);
    expect(one.status).toBe(200);
    expect(one.headers.get('x-rate-limit-limit')).toBe('450');
    expect(one.body.data).toMatchObject({ id, public_metrics: { like_count: net.posts.likes.get(busy) } });
    matchesSchema('GetPostsByIdResponse', one.body);
    // … and the live API's (tweet.fields → retweet_count).
    const live = await get(`tweets/${id}?tweet.fields=public_metrics`);
    expect(live.body.data).toMatchObject({ public_metrics: { retweet_count: net.posts.reposts.get(busy) } });
    const lib = await client.v2.singleTweet(id);
    expect(lib.data.id).toBe(id);
    const many = await get(`tweets?ids=${id},1`);
    expect((many.body.data as { id: string }[]).map((t) => t.id)).toEqual([id]);
    expect(many.body.errors).toHaveLength(1);
    matchesSchema('GetPostsByIdsResponse', many.body);
    expect((await get('tweets/abc')).status).toBe(400);
  });

  it('lists mentions and quotes of the busy post’s author, and what an account liked', async () => {
    const author = net.posts.author.get(busy);
    const mentions = await get(`users/${net.accounts.ids[author]}/mentions?max_results=100`);
    expect(mentions.status).toBe(200);
    matchesSchema('GetUsersMentionsResponse', mentions.body);
    expect((mentions.body.data as unknown[]).length).toBeGreaterThan(0);

    const quotes = await get(`tweets/${postId(net.posts, busy)}/quote_tweets?max_results=100`);
    matchesSchema('GetPostsQuotedPostsResponse', quotes.body);
    const replies = (quotes.body.data as { id: string }[] | undefined) ?? [];
    expect(replies.length).toBe(Math.min(100, net.posts.replies.get(busy)));

    let liker = -1;
    for (let e = 0; e < net.events.length && liker < 0; e++)
      if (net.events.kind.get(e) === EventKind.like) liker = net.events.actor.get(e);
    const liked = await get(`users/${net.accounts.ids[liker]}/liked_tweets`);
    expect(liked.status).toBe(200);
    matchesSchema('GetUsersLikedPostsResponse', liked.body);
    expect((liked.body.data as unknown[]).length).toBeGreaterThan(0);
  });

  it('counts an account’s recent posts per hour or day', async () => {
    const author = net.posts.author.get(busy);
    const counts = await get(
      `tweets/counts/recent?query=from:${net.accounts.handles[author]}&granularity=day`,
    );
    expect(counts.status).toBe(200);
    matchesSchema('GetPostsCountsRecentResponse', counts.body);
    const data = counts.body.data as { tweet_count: number }[];
    expect(data.reduce((s, d) => s + d.tweet_count, 0)).toBe(
      (counts.body.meta as { total_tweet_count: number }).total_tweet_count,
    );
    expect((await get('tweets/counts/recent?query=cats')).status).toBe(400);
  });

  it('deletes a post for its author only (DELETE /2/tweets/:id), with its delete event for the streams', async () => {
    let post = net.posts.length - 1;
    // The newest post that stands, by an author still on the network other than the busy post's.
    while (
      net.posts.deleted.get(post) ||
      isGone(net.accounts, net.posts.author.get(post)) ||
      net.posts.author.get(post) === net.posts.author.get(busy)
    )
      post--;
    const author = net.posts.author.get(post);
    const scope = ['tweet.read', 'tweet.write', 'users.read'];
    const owner = await signInWithOAuth2(sandbox, author, scope);
    const stranger = await signInWithOAuth2(sandbox, net.posts.author.get(busy), scope);
    const id = postId(net.posts, post);

    const refused = (await stranger.v2.deleteTweet(id).catch((e: unknown) => e)) as { code: number };
    expect(refused.code).toBe(403);
    const appOnly = await fetch(`${sandbox.base}/x/2/tweets/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${SANDBOX_DEV_CREDENTIALS.x.bearerToken}` },
    });
    expect(appOnly.status).toBe(403);
    expect(net.posts.deleted.get(post)).toBe(0);

    const events = net.events.length;
    const deleted = await owner.v2.deleteTweet(id);
    expect(deleted).toEqual({ data: { deleted: true } });
    matchesSchema('DeletePostsResponse', deleted);
    // The event the posts compliance stream carries, at once.
    expect(net.events.length).toBe(events + 1);
    expect([net.events.kind.get(events), net.events.post.get(events)]).toEqual([EventKind.postDelete, post]);
    expect(((await get(`tweets/${id}`)).body.errors as { title: string }[])[0]!.title).toBe(
      'Not Found Error',
    );
    // Gone: a second delete is X's "200 with errors", still in the response's schema.
    const again = await owner.v2.deleteTweet(id);
    expect(again.errors?.[0]).toMatchObject({ title: 'Not Found Error', resource_type: 'tweet' });
    matchesSchema('DeletePostsResponse', again);
  });
});
