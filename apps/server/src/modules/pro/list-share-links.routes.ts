import { z } from 'zod';
import {
  listShareLinkSchema,
  rotateListShareLinkSchema,
  sharedListParamsSchema,
  sharedListSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { pkParams, type ZodApp } from '../../lib/resource-routes';
import { requireUser } from '../../plugins/auth';
import type { ListShareLinks } from './list-share-links';

const tags = ['pro-targeting'];

/** A list's share link: read, rotate, revoke, and what it opens (docs/API-AUDIENCES.md "Share links"). */
export function registerListShareLinkRoutes(app: ZodApp, links: ListShareLinks) {
  const path = '/api/external/audience-configs/:pk/share-link/';
  app.get(
    path,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'The list’s share link and when it expires (null when it has none that works)',
        params: pkParams,
        response: { 200: listShareLinkSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => links.get(requireUser(request), request.params.pk),
  );
  app.post(
    '/api/external/audience-configs/:pk/share-link/rotate/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'A new share link for the list; the old one stops working at once',
        params: pkParams,
        body: rotateListShareLinkSchema,
        response: { 200: listShareLinkSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => links.rotate(requireUser(request), request.params.pk, request.body.expires_in_days),
  );
  app.delete(
    path,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Revoke the list’s share link',
        params: pkParams,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await links.revoke(requireUser(request), request.params.pk);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/external/audience-configs/shared/:token/',
    {
      schema: {
        tags,
        summary:
          'What a list’s share link opens (name, kind, package; never who it was shared with): 404 when not the current link, 410 when expired',
        params: sharedListParamsSchema,
        response: { 200: sharedListSchema, ...errorResponses(400, 404, 410) },
      },
    },
    (request) => links.open(request.params.token),
  );
}
