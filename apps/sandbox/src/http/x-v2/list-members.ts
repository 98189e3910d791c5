import type { FastifyInstance } from 'fastify';
import { liveLists } from '../../history/live-lists';
import { accountById } from '../shared/lookup';
import { xRoute, type XContext } from './context';
import { ID_PATTERN, bodyString, matching, pageMeta, userParam, viewOf } from './common';
import { USER_EXPANSIONS, USER_SHAPE_PARAMS, maxResults } from './fields';
import { LIST_READ, LIST_WRITE, listParam, ownedList } from './list-common';
import { paginate } from './pagination';
import { invalidParameter } from './problems';
import { usersBody } from './views/includes';

/** GET, POST /lists/:id/members and DELETE /lists/:id/members/:user_id. */
export function registerListMembers(app: FastifyInstance, ctx: XContext): void {
  const lists = liveLists(ctx.net);

  xRoute(app, ctx, {
    method: 'GET',
    path: '/lists/:id/members',
    auth: LIST_READ,
    query: ['max_results', 'pagination_token', ...USER_SHAPE_PARAMS],
    expansions: USER_EXPANSIONS,
    handle: (call) => {
      const l = listParam(call);
      const { shape } = call;
      const max = maxResults(call.query, 1, 100, 100);
      // By account number, so tokens survive members being added or removed between pages.
      const members = [...lists.get(l).members].sort((a, b) => a - b);
      const page = paginate(members, (a) => [a, 0], max, `members ${l}`, {
        value: call.query.pagination_token,
        parameter: 'pagination_token',
      });
      const meta = pageMeta(page);
      return page.items.length > 0 ? { ...usersBody(viewOf(call), page.items, shape), meta } : { meta };
    },
  });

  xRoute(app, ctx, {
    method: 'POST',
    path: '/lists/:id/members',
    auth: LIST_WRITE,
    handle: (call) => {
      const l = ownedList(call, 'add members to');
      const id = matching('user_id', bodyString(call, 'user_id'), ID_PATTERN);
      const account = accountById(ctx.net, id);
      if (account < 0) throw invalidParameter('user_id', id, `Could not find user with user_id: [${id}].`);
      lists.addMember(l, account);
      return { data: { is_member: true } };
    },
  });

  xRoute(app, ctx, {
    method: 'DELETE',
    path: '/lists/:id/members/:user_id',
    auth: LIST_WRITE,
    handle: (call) => {
      const l = ownedList(call, 'remove members from');
      lists.removeMember(l, userParam(call, 'user_id'));
      return { data: { is_member: false } };
    },
  });
}
