import type { FastifyInstance } from 'fastify';
import { isPrivatePath } from './cache-control';
import { MAX_URL_LENGTH, URL_TOO_LONG } from './request-limits';
import { apiSecurityHeaders, isApiPath, securityHeaderOptions, securityHeaders } from './security';

/**
 * What every request gets, in one onRequest hook rather than one per concern (the serving path: each hook is
 * one more step of Fastify's chain on every request): the security headers (computed once; JSON API
 * answers without the document-only ones, plugins/security.ts),
 * `Cache-Control: no-store` under the private prefixes (plugins/cache-control.ts; a route that sets
 * its own header replaces it) and the 414 for a request target over MAX_URL_LENGTH, before routing.
 */
export function registerFrontHook(app: FastifyInstance, isProduction: boolean): void {
  const headers = securityHeaders(securityHeaderOptions(isProduction));
  const apiHeaders = apiSecurityHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    void reply.headers(isApiPath(url) ? apiHeaders : headers);
    if (isPrivatePath(url)) void reply.header('cache-control', 'no-store');
    if (url.length <= MAX_URL_LENGTH) return done();
    void reply.code(414).send(URL_TOO_LONG);
  });
}
