import type { FastifyInstance } from 'fastify';
import { EventKind } from '../../model/events';
import { xRoute, type XCall, type XContext } from './context';
import { ID_PATTERN, canSee, matching, pageMeta, viewOf } from './common';
import { USER_EXPANSIONS, USER_SHAPE_PARAMS, maxResults } from './fields';
import { engagementsOf, postById } from './indexes';
import { paginate } from './pagination';
import { PartialError, notAuthorizedError, notFoundError } from './problems';
import { usersBody } from './views/includes';

/** Who liked or reposted a post, most recent first (keyed by position in the history log). */
function engagers(call: XCall, kind: EventKind, label: string): object {
  const { net } = call.ctx;
  const id = matching('id', call.params.id, ID_PATTERN);
  const post = postById(net, id);
  if (post < 0) throw new PartialError([notFoundError('tweet', 'id', id)]);
  if (!canSee(call, net.posts.author.get(post)))
    throw new PartialError([notAuthorizedError('tweet', 'id', id)]);
  const { shape } = call;
  const max = maxResults(call.query, 1, 100, 100);
  const { offsets, positions } = engagementsOf(net);
  const found: { account: number; at: number }[] = [];
  for (let k = offsets[post + 1]! - 1; k >= offsets[post]!; k--) {
    const e = positions[k]!;
    if (net.events.kind.get(e) === kind) found.push({ account: net.events.actor.get(e), at: e });
  }
  const page = paginate(found, (f) => [-f.at, 0], max, `${label} ${post}`, {
    value: call.query.pagination_token,
    parameter: 'pagination_token',
  });
  const meta = pageMeta(page);
  if (page.items.length === 0) return { meta };
  return {
    ...usersBody(
      viewOf(call),
      page.items.map((f) => f.account),
      shape,
    ),
    meta,
  };
}

/** GET /tweets/:id/liking_users (user context only, like X) and GET /tweets/:id/retweeted_by. */
export function registerEngagers(app: FastifyInstance, ctx: XContext): void {
  const query = ['max_results', 'pagination_token', ...USER_SHAPE_PARAMS];
  xRoute(app, ctx, {
    method: 'GET',
    path: '/tweets/:id/liking_users',
    auth: { appOnly: false, scopes: ['tweet.read', 'users.read', 'like.read'] },
    query,
    expansions: USER_EXPANSIONS,
    handle: (call) => engagers(call, EventKind.like, 'likes'),
  });
  xRoute(app, ctx, {
    method: 'GET',
    path: '/tweets/:id/retweeted_by',
    auth: { appOnly: true, scopes: ['tweet.read', 'users.read'] },
    query,
    expansions: USER_EXPANSIONS,
    handle: (call) => engagers(call, EventKind.repost, 'reposts'),
  });
}
