import type { FastifyInstance } from 'fastify';
import type { Network } from '../../network';
import { xRoute, type XCall, type XContext } from './context';
import { canSee } from './common';
import { TWEET_EXPANSIONS, TWEET_SHAPE_PARAMS, maxResults } from './fields';
import { newestFirst, postWindow, postsPage, timeParam } from './post-listing';
import { invalidParameter } from './problems';
import { candidates, postMatches } from './search/evaluate';
import { RECENT_SECONDS, searchIndex } from './search/post-index';
import { QueryError, parseQuery } from './search/query';
import { isoMillis } from './views/entities';

/** Relevancy order: the most engaged posts first, newer first among equals. */
const engagement = (net: Network, p: number): number =>
  net.posts.likes.get(p) + 2 * net.posts.reposts.get(p) + net.posts.replies.get(p);

/** Matches of recent queries, so that walking the pages of one search costs one evaluation. */
const cache = new WeakMap<Network, Map<string, number[]>>();
const CACHE_SIZE = 32;

function window(call: XCall): { start: number; end: number } {
  const now = call.ctx.net.clock.now;
  const earliest = now - RECENT_SECONDS;
  const start = timeParam(call, 'start_time') ?? earliest;
  const end = timeParam(call, 'end_time') ?? now;
  const raw = (name: string): string => call.query[name] ?? '';
  if (start < earliest)
    throw invalidParameter(
      'start_time',
      raw('start_time'),
      `Invalid 'start_time':'${raw('start_time')}'. 'start_time' must be on or after ${isoMillis(earliest)}`,
    );
  if (end > now)
    throw invalidParameter(
      'end_time',
      raw('end_time'),
      `Invalid 'end_time':'${raw('end_time')}'. 'end_time' must be a minimum of 10 seconds prior to the request time.`,
    );
  if (start >= end)
    throw invalidParameter(
      'start_time',
      raw('start_time'),
      `Invalid 'start_time':'${raw('start_time')}'. 'start_time' must be before 'end_time'`,
    );
  return { start, end };
}

/** Every visible post matching the query in the window, newest first (or most engaged first). */
function matches(call: XCall, query: string, start: number, end: number, relevancy: boolean): number[] {
  const { net } = call.ctx;
  const viewer = call.caller.kind === 'user' ? call.caller.account : -1;
  const key = [
    query,
    start,
    end,
    call.query.since_id,
    call.query.until_id,
    relevancy,
    net.posts.length,
    viewer,
  ].join('\n');
  const recent = cache.get(net) ?? new Map<string, number[]>();
  cache.set(net, recent);
  const hit = recent.get(key);
  if (hit) return hit;
  let tree;
  try {
    tree = parseQuery(query);
  } catch (error) {
    if (error instanceof QueryError) throw invalidParameter('query', query, error.message);
    throw error;
  }
  const index = searchIndex(net);
  const inWindow = postWindow(call, start, end);
  const pool =
    candidates(net, index, tree) ??
    Array.from({ length: net.posts.length - index.from }, (_, k) => index.from + k);
  const found = pool.filter(
    (p) => inWindow(p) && canSee(call, net.posts.author.get(p)) && postMatches(net, p, tree),
  );
  const time = (p: number): number => net.posts.time.get(p) * 1000 + net.posts.millis.get(p);
  found.sort(
    relevancy
      ? (a, b) => engagement(net, b) - engagement(net, a) || b - a
      : (a, b) => time(b) - time(a) || b - a,
  );
  if (recent.size >= CACHE_SIZE) recent.delete(recent.keys().next().value!);
  recent.set(key, found);
  return found;
}

/** GET /tweets/search/recent: the last seven days of posts matching an X query. */
export function registerSearch(app: FastifyInstance, ctx: XContext): void {
  xRoute(app, ctx, {
    method: 'GET',
    path: '/tweets/search/recent',
    auth: { appOnly: true, scopes: ['tweet.read', 'users.read'] },
    query: [
      'query',
      'max_results',
      'next_token',
      'pagination_token',
      'start_time',
      'end_time',
      'since_id',
      'until_id',
      'sort_order',
      ...TWEET_SHAPE_PARAMS,
    ],
    expansions: TWEET_EXPANSIONS,
    handle: (call) => {
      const query = call.query.query ?? '';
      if (query.length < 1 || query.length > 512)
        throw invalidParameter(
          'query',
          query,
          `The \`query\` query parameter value [${query}] is not between 1 and 512 characters`,
        );
      const sort = call.query.sort_order ?? 'recency';
      if (sort !== 'recency' && sort !== 'relevancy')
        throw invalidParameter(
          'sort_order',
          sort,
          `The \`sort_order\` query parameter value [${sort}] is not one of [recency,relevancy]`,
        );
      const { shape } = call;
      const max = maxResults(call.query, 10, 100, 10);
      const { start, end } = window(call);
      const found = matches(call, query, start, end, sort === 'relevancy');
      const keyOf =
        sort === 'relevancy' ? (p: number) => [-engagement(ctx.net, p), -p] as const : newestFirst(ctx.net);
      return postsPage(
        call,
        found,
        shape,
        max,
        `search ${sort} ${query} ${start} ${end}`,
        'next_token',
        keyOf,
      );
    },
  });
}
