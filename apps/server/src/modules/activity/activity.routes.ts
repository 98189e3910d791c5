import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityListSchema, activityQuerySchema, metricsQuerySchema, metricsSchema } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { ActivityService } from './activity.service';

const teamParams = z.object({ slug: z.string().max(100).describe('The team slug or its numeric id') });

/** The Activity feed of a team (members only; non-members get the team's 404). */
export const activityRoutes: FastifyPluginCallbackZod<{ activityService: ActivityService }> = (
  app,
  { activityService },
  done,
) => {
  app.get(
    '/api/teams/:slug/events/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['activity'],
        summary:
          "The team's activity feed: who saved, uploaded, applied, invited or changed billing, newest first",
        params: teamParams,
        querystring: activityQuerySchema,
        response: { 200: activityListSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => activityService.list(requireUser(request), request.params.slug, request.query),
  );

  app.get(
    '/api/metrics/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['activity'],
        summary: "A team's recorded activity counted per kind: in the last `days` and in all (members only)",
        querystring: metricsQuerySchema,
        response: { 200: metricsSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => activityService.metrics(requireUser(request), request.query.team, request.query.days),
  );
  done();
};
