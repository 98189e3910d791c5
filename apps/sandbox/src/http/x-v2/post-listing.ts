import { postId } from '../../model/posts';
import type { Network } from '../../network';
import type { XCall } from './context';
import { ID_PATTERN, matching, pageMeta, viewOf } from './common';
import type { Shape } from './fields';
import { paginate, type Key } from './pagination';
import { invalidParameter } from './problems';
import { tweetsBody } from './views/includes';

/** Newest first, as X lists posts: by time (to the millisecond), then by post number. */
export const newestFirst =
  (net: Network) =>
  (p: number): Key => [-(net.posts.time.get(p) * 1000 + net.posts.millis.get(p)), -p];

/** An RFC 3339 time parameter as Unix seconds, or undefined when absent. */
export function timeParam(call: XCall, name: string): number | undefined {
  const raw = call.query[name];
  if (raw === undefined) return undefined;
  const ms = Date.parse(raw);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(raw) || Number.isNaN(ms))
    throw invalidParameter(
      name,
      raw,
      `The \`${name}\` query parameter value [${raw}] is not a valid RFC3339 date-time`,
    );
  return ms / 1000;
}

/** start_time / end_time / since_id / until_id as one predicate over post numbers. */
export function postWindow(call: XCall, start?: number, end?: number): (p: number) => boolean {
  const since =
    call.query.since_id === undefined
      ? undefined
      : BigInt(matching('since_id', call.query.since_id, ID_PATTERN));
  const until =
    call.query.until_id === undefined
      ? undefined
      : BigInt(matching('until_id', call.query.until_id, ID_PATTERN));
  const { posts } = call.ctx.net;
  return (p) => {
    const t = posts.time.get(p) + posts.millis.get(p) / 1000;
    if ((start !== undefined && t < start) || (end !== undefined && t >= end)) return false;
    if (since === undefined && until === undefined) return true;
    const id = BigInt(postId(posts, p));
    return (since === undefined || id > since) && (until === undefined || id < until);
  };
}

/** One page of posts (sorted ascending by `keyOf`, newest first by default) with includes and X's meta (newest_id, oldest_id, tokens). */
export function postsPage(
  call: XCall,
  sorted: number[],
  shape: Shape,
  max: number,
  scope: string,
  tokenParam: string,
  keyOf: (p: number) => Key = newestFirst(call.ctx.net),
): object {
  const { net } = call.ctx;
  const page = paginate(sorted, keyOf, max, scope, {
    value: call.query[tokenParam] ?? call.query.pagination_token,
    parameter: tokenParam,
  });
  const meta = pageMeta(page);
  if (tokenParam === 'next_token') delete meta.previous_token;
  if (page.items.length === 0) return { meta };
  const body = tweetsBody(viewOf(call), page.items, shape);
  // By time, whatever the page's order (relevancy pages are not chronological).
  const byTime = [...page.items].sort((a, b) => newestFirst(net)(a)[0] - newestFirst(net)(b)[0] || b - a);
  return {
    ...body,
    meta: { newest_id: postId(net.posts, byTime[0]!), oldest_id: postId(net.posts, byTime.at(-1)!), ...meta },
  };
}
