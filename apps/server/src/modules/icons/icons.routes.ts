import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { iconographySchema, iconQuerySchema } from '@murmur/core/api';
import { NotFound } from '../../errors';
import { errorResponses } from '../../lib/http';
import { ICONOGRAPHY, iconNamed, iconSvg } from './icon-set';

/** The set changes only with a deploy: a day in caches, revalidated by its version (the ETag). */
const CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
const ETAG = `"${ICONOGRAPHY.version}"`;

/**
 * 304 Not Modified, without a body: sent with no payload (the route's typed reply would serialise
 * `null` into the body as "null").
 */
const notModified = (reply: FastifyReply): FastifyReply => reply.status(304).send();

/** SPEC §7 /api/iconography/ and /api/icons/: the icon set, public, cacheable (docs/API.md). */
export const iconsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const tags = ['icons'];

  app.get(
    '/api/iconography/',
    {
      schema: {
        tags,
        summary: 'The icon set of targeting criteria and audience categories, with which icon each uses',
        response: { 200: iconographySchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE).header('etag', ETAG);
      if (request.headers['if-none-match'] === ETAG) return notModified(reply);
      return reply.send(ICONOGRAPHY);
    },
  );

  app.get(
    '/api/icons/',
    {
      schema: {
        tags,
        summary: 'One icon of the set as an SVG image (name, optional hex colour and pixel size)',
        querystring: iconQuerySchema,
        produces: ['image/svg+xml'],
        response: { 200: z.string(), 304: z.null(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { name, color, size } = request.query;
      const icon = iconNamed(name);
      if (!icon) throw new NotFound('No icon has this name.');
      const etag = `"${ICONOGRAPHY.version}-${name}-${color ?? ''}-${size}"`;
      reply.header('cache-control', CACHE).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return notModified(reply);
      return reply.type('image/svg+xml; charset=utf-8').send(iconSvg(icon, { color, size }));
    },
  );
  done();
};
