import type { FastifyInstance } from 'fastify';
import { isPrivatePath } from './cache-control';
import { MAX_URL_LENGTH, URL_TOO_LONG } from './request-limits';
import { securityHeaderOptions, securityHeaders } from './security';

/**
 * What every request gets, in one onRequest hook rather than one per concern (issue 9: each hook is
 * one more step of Fastify's chain on every request): the security headers (computed once),
 * `Cache-Control: no-store` under the private prefixes (plugins/cache-control.ts; a route that sets
 * its own header replaces it) and the 414 for a request target over MAX_URL_LENGTH, before routing.
 */
export function registerFrontHook(app: FastifyInstance, isProduction: boolean): void {
  const headers = securityHeaders(securityHeaderOptions(isProduction));
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers);
    const url = request.url;
    if (isPrivatePath(url)) void reply.header('cache-control', 'no-store');
    if (url.length <= MAX_URL_LENGTH) return done();
    void reply.code(414).send(URL_TOO_LONG);
  });
}
