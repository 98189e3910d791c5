import type { FastifyInstance } from 'fastify';
import { liveLists } from '../../history/live-lists';
import { xRoute, type XContext } from './context';
import { pageMeta, userParam, viewOf } from './common';
import { LIST_EXPANSIONS, LIST_SHAPE_PARAMS, maxResults } from './fields';
import { LIST_READ, LIST_WRITE, listFields, listParam, ownedList, visibleTo } from './list-common';
import { paginate } from './pagination';
import { forbidden } from './problems';
import { listsBody } from './views/includes';

/** POST /lists, PUT and DELETE /lists/:id, GET /lists/:id and GET /users/:id/owned_lists. */
export function registerLists(app: FastifyInstance, ctx: XContext): void {
  const lists = liveLists(ctx.net);

  xRoute(app, ctx, {
    method: 'POST',
    path: '/lists',
    auth: { appOnly: false, scopes: [...LIST_WRITE.scopes, 'list.read'] },
    handle: (call) => {
      if (call.caller.kind !== 'user') throw forbidden('Lists are created for a user.');
      const fields = listFields(call, true);
      const l = lists.create(
        call.caller.account,
        fields.name!,
        fields.description ?? '',
        fields.private ?? false,
      );
      return { data: { id: lists.id(l), name: fields.name } };
    },
  });

  xRoute(app, ctx, {
    method: 'PUT',
    path: '/lists/:id',
    auth: LIST_WRITE,
    handle: (call) => {
      const l = ownedList(call, 'update');
      lists.update(l, listFields(call, false));
      return { data: { updated: true } };
    },
  });

  xRoute(app, ctx, {
    method: 'DELETE',
    path: '/lists/:id',
    auth: LIST_WRITE,
    handle: (call) => {
      lists.remove(ownedList(call, 'delete'));
      return { data: { deleted: true } };
    },
  });

  xRoute(app, ctx, {
    method: 'GET',
    path: '/lists/:id',
    auth: LIST_READ,
    query: LIST_SHAPE_PARAMS,
    expansions: LIST_EXPANSIONS,
    handle: (call) => {
      const l = listParam(call);
      const { data, includes } = listsBody(viewOf(call), [l], call.shape);
      return includes ? { data: data[0], includes } : { data: data[0] };
    },
  });

  xRoute(app, ctx, {
    method: 'GET',
    path: '/users/:id/owned_lists',
    auth: LIST_READ,
    query: ['max_results', 'pagination_token', ...LIST_SHAPE_PARAMS],
    expansions: LIST_EXPANSIONS,
    handle: (call) => {
      const account = userParam(call, 'id');
      const { shape } = call;
      const max = maxResults(call.query, 1, 100, 100);
      const owned = lists.ownedBy(account).filter((l) => visibleTo(call, l));
      const page = paginate(owned, (l) => [l, 0], max, `owned ${account}`, {
        value: call.query.pagination_token,
        parameter: 'pagination_token',
      });
      const meta = pageMeta(page);
      return page.items.length > 0 ? { ...listsBody(viewOf(call), page.items, shape), meta } : { meta };
    },
  });
}
