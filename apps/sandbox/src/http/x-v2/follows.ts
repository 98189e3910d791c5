import type { FastifyInstance } from 'fastify';
import { followNow, unfollowNow } from '../../history/actions';
import { AccountFlag } from '../../model/accounts';
import { accountById } from '../shared/lookup';
import { xRoute, type XCall, type XContext } from './context';
import { ID_PATTERN, actingUser, bodyString, canSee, matching, pageMeta, userParam, viewOf } from './common';
import { USER_EXPANSIONS, USER_SHAPE_PARAMS, maxResults } from './fields';
import { paginate } from './pagination';
import { PartialError, invalidParameter, notAuthorizedError } from './problems';
import { usersBody } from './views/includes';

const READ = { appOnly: true, scopes: ['tweet.read', 'users.read', 'follows.read'] };
const WRITE = { appOnly: false, scopes: ['tweet.read', 'users.read', 'follows.write'] };
const PAGED = ['max_results', 'pagination_token', ...USER_SHAPE_PARAMS];

/**
 * Followers or followings, ordered by account number so that a pagination token (the last account
 * of the page) stays valid while the graph changes underneath: nobody is repeated or skipped.
 */
function connections(call: XCall, direction: 'followers' | 'following'): object {
  const account = userParam(call, 'id');
  const { shape } = call;
  const max = maxResults(call.query, 1, 1000, 100);
  if (!canSee(call, account)) throw new PartialError([notAuthorizedError('user', 'id', call.params.id!)]);
  const { graph } = call.ctx.net;
  const all = (direction === 'followers' ? graph.followers(account) : graph.following(account)).sort(
    (a, b) => a - b,
  );
  const page = paginate(all, (a) => [a, 0], max, `${direction} ${account}`, {
    value: call.query.pagination_token,
    parameter: 'pagination_token',
  });
  const meta = pageMeta(page);
  return page.items.length > 0 ? { ...usersBody(viewOf(call), page.items, shape), meta } : { meta };
}

/** GET /users/:id/followers and /following; POST /users/:id/following; DELETE …/following/:target_user_id. */
export function registerFollows(app: FastifyInstance, ctx: XContext): void {
  for (const direction of ['followers', 'following'] as const)
    xRoute(app, ctx, {
      method: 'GET',
      path: `/users/:id/${direction}`,
      auth: READ,
      query: PAGED,
      expansions: USER_EXPANSIONS,
      handle: (call) => connections(call, direction),
    });

  xRoute(app, ctx, {
    method: 'POST',
    path: '/users/:id/following',
    auth: WRITE,
    handle: (call) => {
      const me = actingUser(call, 'id');
      const targetId = matching('target_user_id', bodyString(call, 'target_user_id'), ID_PATTERN);
      const target = accountById(ctx.net, targetId);
      if (target < 0)
        throw invalidParameter(
          'target_user_id',
          targetId,
          `Could not find user with target_user_id: [${targetId}].`,
        );
      if (target === me) throw invalidParameter('target_user_id', targetId, 'You cannot follow yourself.');
      // A protected account must approve new followers: the request stays pending.
      if (ctx.net.accounts.flags[target]! & AccountFlag.protected && !ctx.net.graph.follows(me, target))
        return { data: { following: false, pending_follow: true } };
      followNow(ctx.net, me, target);
      return { data: { following: true, pending_follow: false } };
    },
  });

  xRoute(app, ctx, {
    method: 'DELETE',
    path: '/users/:source_user_id/following/:target_user_id',
    auth: WRITE,
    handle: (call) => {
      const me = actingUser(call, 'source_user_id');
      unfollowNow(ctx.net, me, userParam(call, 'target_user_id'));
      return { data: { following: false } };
    },
  });
}
