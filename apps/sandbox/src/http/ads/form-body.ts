import type { FastifyInstance } from 'fastify';

/**
 * X Ads clients (twitter-ads, the official SDKs) post parameters as
 * application/x-www-form-urlencoded; Fastify parses only JSON and text by itself.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
