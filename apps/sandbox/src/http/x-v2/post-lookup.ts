import type { FastifyInstance } from 'fastify';
import { EventKind } from '../../model/events';
import { xRoute, type XCall, type XContext } from './context';
import { ID_PATTERN, canSee, matching, userByName, userParam, viewOf } from './common';
import { TWEET_EXPANSIONS, TWEET_SHAPE_PARAMS, maxResults } from './fields';
import { postById, postsOf } from './indexes';
import { newestFirst, postWindow, postsPage, timeParam } from './post-listing';
import { PartialError, invalidParameter, notAuthorizedError, notFoundError } from './problems';
import { tweetsBody } from './views/includes';

const READ = { appOnly: true, scopes: ['tweet.read', 'users.read'] };
const TIMELINE = ['max_results', 'pagination_token', 'start_time', 'end_time', 'since_id', 'until_id'];

/** A post the caller may see, or X's not-found / not-authorized partial error. */
function visiblePost(call: XCall, id: string): number {
  const { net } = call.ctx;
  const post = postById(net, id);
  if (post < 0) throw new PartialError([notFoundError('tweet', 'id', id)]);
  if (!canSee(call, net.posts.author.get(post)))
    throw new PartialError([notAuthorizedError('tweet', 'id', id)]);
  return post;
}

/** Newest first, limited to the request's time and id window. */
function timeline(call: XCall, posts: Iterable<number>, scope: string): object {
  const max = maxResults(call.query, 5, 100, 10);
  const inWindow = postWindow(call, timeParam(call, 'start_time'), timeParam(call, 'end_time'));
  const key = newestFirst(call.ctx.net);
  const sorted = Array.from(posts)
    .filter(inWindow)
    .sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
  return postsPage(call, sorted, call.shape, max, scope, 'pagination_token');
}

/**
 * Post lookup (GET /tweets/:id, GET /tweets?ids=), an account's mentions (GET /users/:id/mentions:
 * posts that mention or reply to it), the posts it liked (GET /users/:id/liked_tweets), a post's
 * quotes (GET /tweets/:id/quote_tweets: the sandbox's quotes are replies carrying the post) and
 * recent post counts (GET /tweets/counts/recent?query=from:handle), in X's shapes.
 */
export function registerPostLookups(app: FastifyInstance, ctx: XContext): void {
  xRoute(app, ctx, {
    method: 'GET',
    path: '/tweets/:id',
    auth: READ,
    query: TWEET_SHAPE_PARAMS,
    expansions: TWEET_EXPANSIONS,
    handle: (call) => {
      const post = visiblePost(call, matching('id', call.params.id, ID_PATTERN));
      const { data, includes } = tweetsBody(viewOf(call), [post], call.shape);
      return includes ? { data: data[0], includes } : { data: data[0] };
    },
  });

  xRoute(app, ctx, {
    method: 'GET',
    path: '/tweets',
    auth: READ,
    query: ['ids', ...TWEET_SHAPE_PARAMS],
    expansions: TWEET_EXPANSIONS,
    handle: (call) => {
      const raw = call.query.ids;
      if (!raw) throw invalidParameter('ids', '', 'The `ids` query parameter can not be empty');
      const ids = raw.split(',');
      if (ids.length > 100)
        throw invalidParameter(
          'ids',
          raw,
          `The number of values in the \`ids\` query parameter list [${ids.length}] is not between 1 and 100`,
        );
      const found: number[] = [];
      const errors: object[] = [];
      for (const id of ids) {
        const post = postById(ctx.net, matching('ids', id, ID_PATTERN));
        if (post < 0) errors.push(notFoundError('tweet', 'ids', id));
        else if (!canSee(call, ctx.net.posts.author.get(post)))
          errors.push(notAuthorizedError('tweet', 'ids', id));
        else found.push(post);
      }
      const body: Record<string, unknown> =
        found.length > 0 ? tweetsBody(viewOf(call), found, call.shape) : {};
      if (errors.length > 0) body.errors = errors;
      return body;
    },
  });

  xRoute(app, ctx, {
    method: 'GET',
    path: '/users/:id/mentions',
    auth: READ,
    query: [...TIMELINE, ...TWEET_SHAPE_PARAMS],
    expansions: TWEET_EXPANSIONS,
    handle: (call) => {
      const account = userParam(call, 'id');
      if (!canSee(call, account)) throw new PartialError([notAuthorizedError('user', 'id', call.params.id!)]);
      const { posts } = ctx.net;
      const found: number[] = [];
      for (let p = 0; p < posts.length; p++) {
        const replyTo = posts.replyTo.get(p);
        const mentioned =
          posts.mention.get(p) === account || (replyTo >= 0 && posts.author.get(replyTo) === account);
        if (mentioned && posts.author.get(p) !== account && canSee(call, posts.author.get(p))) found.push(p);
      }
      return timeline(call, found, `mentions ${account}`);
    },
  });

  xRoute(app, ctx, {
    method: 'GET',
    path: '/users/:id/liked_tweets',
    auth: { appOnly: true, scopes: ['tweet.read', 'users.read', 'like.read'] },
    query: ['max_results', 'pagination_token', ...TWEET_SHAPE_PARAMS],
    expansions: TWEET_EXPANSIONS,
    handle: (call) => {
      const account = userParam(call, 'id');
      if (!canSee(call, account)) throw new PartialError([notAuthorizedError('user', 'id', call.params.id!)]);
      const { events } = ctx.net;
      const liked = new Set<number>();
      for (let e = 0; e < events.length; e++)
        if (events.kind.get(e) === EventKind.like && events.actor.get(e) === account)
          liked.add(events.post.get(e));
      const max = maxResults(call.query, 10, 100, 100);
      const sorted = [...liked].filter((p) => canSee(call, ctx.net.posts.author.get(p)));
      const key = newestFirst(ctx.net);
      sorted.sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
      return postsPage(call, sorted, call.shape, max, `liked ${account}`, 'pagination_token');
    },
  });

  xRoute(app, ctx, {
    method: 'GET',
    path: '/tweets/:id/quote_tweets',
    auth: READ,
    query: ['max_results', 'pagination_token', 'exclude', ...TWEET_SHAPE_PARAMS],
    expansions: TWEET_EXPANSIONS,
    handle: (call) => {
      const post = visiblePost(call, matching('id', call.params.id, ID_PATTERN));
      const { posts } = ctx.net;
      const quotes: number[] = [];
      for (let p = post + 1; p < posts.length; p++)
        if (posts.replyTo.get(p) === post && canSee(call, posts.author.get(p))) quotes.push(p);
      return timeline(call, quotes, `quotes ${post}`);
    },
  });

  xRoute(app, ctx, {
    method: 'GET',
    path: '/tweets/counts/recent',
    auth: { appOnly: true, scopes: ['tweet.read'] },
    query: ['query', 'granularity', 'start_time', 'end_time', 'since_id', 'until_id'],
    handle: (call) => {
      const query = (call.query.query ?? '').trim();
      const from = /^from:([A-Za-z0-9_]{1,15})$/.exec(query);
      if (!from) throw invalidParameter('query', query, 'The sandbox counts `from:<username>` queries only.');
      const granularity = call.query.granularity ?? 'hour';
      if (!['minute', 'hour', 'day'].includes(granularity))
        throw invalidParameter(
          'granularity',
          granularity,
          `The \`granularity\` query parameter value [${granularity}] is not one of [minute,hour,day]`,
        );
      const step = granularity === 'day' ? 86_400 : granularity === 'hour' ? 3600 : 60;
      const account = userByName(call, from[1]!);
      if (account < 0)
        throw invalidParameter('query', query, `Could not find user with username: [${from[1]!}].`);
      const now = ctx.net.clock.now;
      const end = timeParam(call, 'end_time') ?? now;
      const start = timeParam(call, 'start_time') ?? end - 7 * 86_400;
      const inWindow = postWindow(call, start, end);
      const buckets = new Map<number, number>();
      for (const p of postsOf(ctx.net, account)) {
        if (!inWindow(p)) continue;
        const slot = Math.floor(ctx.net.posts.time.get(p) / step) * step;
        buckets.set(slot, (buckets.get(slot) ?? 0) + 1);
      }
      // X's live answers say tweet_count; its current document says post_count: both are sent.
      const data: { start: string; end: string; tweet_count: number; post_count: number }[] = [];
      for (let slot = Math.floor(start / step) * step; slot < end; slot += step)
        data.push({
          start: new Date(slot * 1000).toISOString(),
          end: new Date((slot + step) * 1000).toISOString(),
          tweet_count: buckets.get(slot) ?? 0,
          post_count: buckets.get(slot) ?? 0,
        });
      const total = data.reduce((s, d) => s + d.tweet_count, 0);
      return { data, meta: { total_tweet_count: total, total_post_count: total } };
    },
  });
}
