import type { StreamOptions } from './streams';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Network } from '../../network';
import type { XAuthState } from '../oauth/x-auth-state';
import { authenticate, authorize, type AuthRule, type Caller } from './auth';
import { checkParameters, parseShape, type Shape } from './fields';
import { PartialError, tooManyRequests } from './problems';
import type { RateLimiter } from './rate-limit';

export interface XContext {
  net: Network;
  auth: XAuthState;
  limiter: RateLimiter;
  /** Path of the X surface as mounted ("/sandbox/x"), for absolute URLs such as profile images. */
  basePath: string;
  streams?: StreamOptions;
}

export interface XCall {
  ctx: XContext;
  caller: Caller;
  query: Record<string, string | undefined>;
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** The requested fields and expansions, already validated. */
  shape: Shape;
  /** Absolute URL of the X surface for this request ("http://127.0.0.1:4100/sandbox/x"). */
  origin: string;
}

export interface XRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** X's path below /2, with Fastify parameters: "/users/:id/followers". */
  path: string;
  auth: AuthRule;
  /** Accepted query parameters (path parameters excluded). */
  query?: readonly string[];
  /** The expansions this endpoint accepts (USER_EXPANSIONS…); fields are checked with them. */
  expansions?: readonly string[];
  handle: (call: XCall) => object;
}

function send(reply: FastifyReply, body: object): FastifyReply {
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
}

/**
 * Registers one X API v2 endpoint: authenticate (401), check the auth type and scopes (403), count
 * the request against the caller's window (429, headers on every answer as on X), refuse unknown
 * query parameters (400), then answer. Handlers throw XProblem for errors and PartialError for
 * X's "200 with only errors".
 */
export function xRoute(app: FastifyInstance, ctx: XContext, route: XRoute): void {
  const endpoint = `${route.method} /2${route.path}`;
  app.route({
    method: route.method,
    url: route.path,
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      const caller = authenticate(request, ctx.auth);
      authorize(caller, route.auth);
      const rate = ctx.limiter.take(endpoint, caller.key, caller.kind === 'app');
      reply.header('x-rate-limit-limit', rate.limit);
      reply.header('x-rate-limit-remaining', rate.remaining);
      reply.header('x-rate-limit-reset', rate.reset);
      if (!rate.allowed) throw tooManyRequests();
      const query = request.query as Record<string, string | undefined>;
      checkParameters(query, route.query ?? []);
      const shape = parseShape(query, route.expansions ?? []);
      const origin = `${request.protocol}://${request.host}${ctx.basePath}`;
      const call: XCall = {
        ctx,
        caller,
        query,
        params: request.params as Record<string, string>,
        body: (request.body ?? {}) as Record<string, unknown>,
        shape,
        origin,
      };
      try {
        return send(reply, route.handle(call));
      } catch (error) {
        if (error instanceof PartialError) return send(reply, { errors: error.errors });
        throw error;
      }
    },
  });
}
