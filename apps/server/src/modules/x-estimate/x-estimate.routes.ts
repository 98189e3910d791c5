import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { xEstimateRequestSchema, xEstimateSchema } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { XEstimateService } from './x-estimate.service';

/**
 * X's audience estimate beside Murmur's (docs/API-AUDIENCES.md "X's audience estimate"), for a
 * signed-in caller (a team's ad account is read with a member's X token). Asked after the estimate,
 * so that waiting for X never slows the estimate.
 */
export const xEstimateRoutes: FastifyPluginCallbackZod<{ xEstimateService: XEstimateService }> = (
  app,
  { xEstimateService },
  done,
) => {
  app.post(
    '/api/build-audience/x-estimate/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['audiences'],
        summary:
          "The range X's Ads API shows for a package: X's own with the team's ad account, else predicted",
        body: xEstimateRequestSchema,
        response: { 200: xEstimateSchema, ...errorResponses(400, 403, 404, 503) },
      },
    },
    (request) => xEstimateService.estimate(requireUser(request), request.body),
  );
  done();
};
