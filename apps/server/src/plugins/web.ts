import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths owned by the server; everything else is a page of the single-page app. */
const SERVER_PREFIXES = ['/api', '/rest-auth', '/sandbox'];
const isServerPath = (url: string) =>
  SERVER_PREFIXES.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  );

const NOT_BUILT =
  'The web app has not been built, so there is nothing to show here yet.\n' +
  'Run `npm run build` in the repository root, then restart the server.\n' +
  'The API is available under /api/ (documentation at /api/docs).\n';

/**
 * Serves the built web app from WEB_DIST with an SPA fallback: any GET outside /api, /rest-auth and
 * /sandbox that matches no file gets index.html, so deep links such as /acme/campaigns load the app.
 * Unknown server paths get the DRF 404 body.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasDist = existsSync(webDist);
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // Vite fingerprints everything under assets/, so those can be cached for good; pages cannot.
      setHeaders: (reply, filePath) => {
        void reply.header(
          'cache-control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(request.url);
    if (!isPage) return reply.status(404).send({ detail: 'Not found.' });
    if (!hasDist || !existsSync(join(webDist, 'index.html'))) {
      return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    }
    return reply.sendFile('index.html');
  });
}
