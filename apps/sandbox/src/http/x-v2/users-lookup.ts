import type { FastifyInstance } from 'fastify';
import { accountById } from '../shared/lookup';
import { xRoute, type XCall, type XContext } from './context';
import { ID_PATTERN, USERNAME_PATTERN, matching, userByName, userParam, viewOf } from './common';
import { USER_EXPANSIONS, USER_SHAPE_PARAMS } from './fields';
import { PartialError, invalidParameter, notFoundError, unsupportedAuthentication } from './problems';
import { usersBody } from './views/includes';

const READ = { appOnly: true, scopes: ['tweet.read', 'users.read'] };

/** Comma-separated ids or usernames: 1 to 100, each matching X's pattern. */
function listParam(call: XCall, name: string, pattern: RegExp): string[] {
  const raw = call.query[name];
  if (!raw) throw invalidParameter(name, '', `The \`${name}\` query parameter can not be empty`);
  const values = raw.split(',');
  if (values.length > 100)
    throw invalidParameter(
      name,
      raw,
      `The number of values in the \`${name}\` query parameter list [${values.length}] is not between 1 and 100`,
    );
  for (const value of values) matching(name, value, pattern);
  return values;
}

/** Found users in `data`, the missing ones as not-found entries in `errors` (X's batch lookups). */
function batch(call: XCall, name: string, values: string[], find: (value: string) => number): object {
  const { shape } = call;
  const found = values.map(find);
  const errors = values.flatMap((v, k) => (found[k]! < 0 ? [notFoundError('user', name, v)] : []));
  const accounts = found.filter((a) => a >= 0);
  const body: Record<string, unknown> = accounts.length > 0 ? usersBody(viewOf(call), accounts, shape) : {};
  if (errors.length > 0) body.errors = errors;
  return body;
}

function single(call: XCall, account: number): object {
  const { data, includes } = usersBody(viewOf(call), [account], call.shape);
  return includes ? { data: data[0], includes } : { data: data[0] };
}

/** GET /users/by/username/:username, /users/by, /users/:id, /users and /users/me. */
export function registerUserLookups(app: FastifyInstance, ctx: XContext): void {
  xRoute(app, ctx, {
    method: 'GET',
    path: '/users/by/username/:username',
    auth: READ,
    query: USER_SHAPE_PARAMS,
    expansions: USER_EXPANSIONS,
    handle: (call) => {
      const username = matching('username', call.params.username, USERNAME_PATTERN);
      const account = userByName(call, username);
      if (account < 0) throw new PartialError([notFoundError('user', 'username', username)]);
      return single(call, account);
    },
  });
  xRoute(app, ctx, {
    method: 'GET',
    path: '/users/by',
    auth: READ,
    query: ['usernames', ...USER_SHAPE_PARAMS],
    expansions: USER_EXPANSIONS,
    handle: (call) =>
      batch(call, 'usernames', listParam(call, 'usernames', USERNAME_PATTERN), (u) => userByName(call, u)),
  });
  xRoute(app, ctx, {
    method: 'GET',
    path: '/users/me',
    auth: { appOnly: false, scopes: READ.scopes },
    query: USER_SHAPE_PARAMS,
    expansions: USER_EXPANSIONS,
    handle: (call) => {
      if (call.caller.kind !== 'user') throw unsupportedAuthentication();
      return single(call, call.caller.account);
    },
  });
  xRoute(app, ctx, {
    method: 'GET',
    path: '/users/:id',
    auth: READ,
    query: USER_SHAPE_PARAMS,
    expansions: USER_EXPANSIONS,
    handle: (call) => single(call, userParam(call, 'id')),
  });
  xRoute(app, ctx, {
    method: 'GET',
    path: '/users',
    auth: READ,
    query: ['ids', ...USER_SHAPE_PARAMS],
    expansions: USER_EXPANSIONS,
    handle: (call) =>
      batch(call, 'ids', listParam(call, 'ids', ID_PATTERN), (id) => accountById(call.ctx.net, id)),
  });
}
