import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  communitiesQuerySchema,
  communitiesResponseSchema,
  communityQuerySchema,
  communityResponseSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import type { CommunitiesService } from './communities.service';

/** Public: the network's communities, trending or most searched, and one community's insights. */
export const communitiesRoutes: FastifyPluginCallbackZod<{ communitiesService: CommunitiesService }> = (
  app,
  { communitiesService },
  done,
) => {
  const tags = ['communities'];

  app.get(
    '/api/communities/',
    {
      schema: {
        tags,
        summary: 'Communities of the network: trending (membership growth on a live index) or most searched',
        querystring: communitiesQuerySchema,
        response: { 200: communitiesResponseSchema, ...errorResponses(400, 503) },
      },
    },
    (request) => communitiesService.list(request.query),
  );

  app.get(
    '/api/community/',
    {
      schema: {
        tags,
        summary: 'One community with the demographics, interests and influential accounts of its members',
        querystring: communityQuerySchema,
        response: { 200: communityResponseSchema, ...errorResponses(400, 404, 503) },
      },
    },
    (request) => communitiesService.get(request.query.id),
  );
  done();
};
