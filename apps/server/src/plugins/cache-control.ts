import type { FastifyInstance } from 'fastify';

/** API surfaces whose answers depend on the caller (session, token) or carry tokens: never cached. */
const PRIVATE_PREFIXES = ['/api/', '/rest-auth/', '/sandbox/'];

/**
 * `Cache-Control: no-store` on every answer under /api/, /rest-auth/ and /sandbox/ — errors and 404s
 * included — so that no browser or shared cache keeps one user's or team's data (or an OAuth token)
 * for the next. A route that is deliberately public sets its own header, which is kept.
 */
export function registerCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url.split('?', 1)[0]!;
    if (!reply.hasHeader('cache-control') && PRIVATE_PREFIXES.some((p) => `${path}/`.startsWith(p)))
      void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
