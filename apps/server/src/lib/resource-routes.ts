import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RouteHandlerMethod,
} from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { errorBodySchema } from '@murmur/core/api';
import type { UserRow } from '../db/schema/users';
import { requireUser } from '../plugins/auth';
import { MAX_DB_ID } from './db-id';

/** `/{pk}/` of SPEC §7's paths: a positive database id (larger ones are a 400, not a 500). */
export const pkParams = z.object({ pk: z.coerce.number().int().positive().max(MAX_DB_ID) });

/** The `app` a Zod-typed Fastify plugin receives, for the functions that register part of its routes. */
export type ZodApp = Parameters<FastifyPluginCallbackZod>[0];
type Awaitable<T> = T | Promise<T>;

interface Operation {
  summary: string;
  /** The route's error responses, from `errorResponses(...)`. */
  errors: Record<number, typeof errorBodySchema>;
  /** The route's config (e.g. `{ extensionToken: true }`, SPEC §6). */
  config?: FastifyContextConfig;
}

/**
 * A signed-in user's REST resource of SPEC §7 (`list`/`create` at `path`, the rest at `path:pk/`):
 * each operation given is registered in this order, with its OpenAPI schema, and calls its handler
 * with the signed-in user (`requireUser`; the routes are `config: { auth: 'signed-in' }`). Created items answer 201, removed ones 204 with no body.
 */
export interface Resource<
  Item extends z.ZodType,
  Query extends z.ZodType,
  Create extends z.ZodType,
  Replace extends z.ZodType,
  Change extends z.ZodType,
> {
  /** The collection's path, e.g. `/api/adsets/`. */
  path: string;
  tags: string[];
  /** The schema of one item in the answers. */
  item: Item;
  list?: Operation & {
    /** The list's query (none when omitted). */
    querystring?: Query;
    handler: (user: UserRow, query: z.output<Query>) => Awaitable<z.output<Item>[]>;
  };
  create?: Operation & {
    body: Create;
    handler: (user: UserRow, body: z.output<Create>) => Awaitable<z.output<Item>>;
  };
  get?: Operation & { handler: (user: UserRow, pk: number) => Awaitable<z.output<Item>> };
  /** PUT */
  replace?: Operation & {
    body: Replace;
    handler: (user: UserRow, pk: number, body: z.output<Replace>) => Awaitable<z.output<Item>>;
  };
  /** PATCH */
  change?: Operation & {
    body: Change;
    handler: (user: UserRow, pk: number, body: z.output<Change>) => Awaitable<z.output<Item>>;
  };
  remove?: Operation & { handler: (user: UserRow, pk: number) => Awaitable<unknown> };
}

export function resourceRoutes<
  Item extends z.ZodType,
  Query extends z.ZodType = z.ZodNever,
  Create extends z.ZodType = z.ZodNever,
  Replace extends z.ZodType = z.ZodNever,
  Change extends z.ZodType = z.ZodNever,
>(zodApp: ZodApp, resource: Resource<Item, Query, Create, Replace, Change>): void {
  const { path, tags, item, list, create, get, replace, change, remove } = resource;
  const itemPath = `${path}:pk/`;
  // Resource types the handlers by the schemas given; fastify's own inference cannot see through
  // these generic schemas, so the routes are declared on the untyped instance (the same one).
  const app = zodApp as unknown as FastifyInstance;
  const pk = (request: FastifyRequest) => (request.params as z.output<typeof pkParams>).pk;
  const route = (
    method: HTTPMethods,
    url: string,
    operation: Operation,
    schema: FastifySchema,
    handler: RouteHandlerMethod,
  ) =>
    app.route({
      method,
      url,
      schema: { tags, summary: operation.summary, ...schema },
      // Every operation takes the signed-in user (requireUser): refused before validation (plugins/auth.ts).
      config: { ...operation.config, auth: 'signed-in' },
      handler,
    });

  if (list) {
    route(
      'GET',
      path,
      list,
      {
        ...(list.querystring && { querystring: list.querystring }),
        response: { 200: z.array(item), ...list.errors },
      },
      (request) => list.handler(requireUser(request), request.query as z.output<Query>),
    );
  }
  if (create) {
    route(
      'POST',
      path,
      create,
      { body: create.body, response: { 201: item, ...create.errors } },
      async (request, reply) =>
        reply.status(201).send(await create.handler(requireUser(request), request.body as z.output<Create>)),
    );
  }
  if (get) {
    route('GET', itemPath, get, { params: pkParams, response: { 200: item, ...get.errors } }, (request) =>
      get.handler(requireUser(request), pk(request)),
    );
  }
  if (replace) {
    route(
      'PUT',
      itemPath,
      replace,
      {
        params: pkParams,
        body: replace.body,
        response: { 200: item, ...replace.errors },
      },
      (request) => replace.handler(requireUser(request), pk(request), request.body as z.output<Replace>),
    );
  }
  if (change) {
    route(
      'PATCH',
      itemPath,
      change,
      {
        params: pkParams,
        body: change.body,
        response: { 200: item, ...change.errors },
      },
      (request) => change.handler(requireUser(request), pk(request), request.body as z.output<Change>),
    );
  }
  if (remove) {
    route(
      'DELETE',
      itemPath,
      remove,
      { params: pkParams, response: { 204: z.null(), ...remove.errors } },
      async (request, reply) => {
        await remove.handler(requireUser(request), pk(request));
        return reply.status(204).send(null);
      },
    );
  }
}
