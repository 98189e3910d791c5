import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { changesQuerySchema, membershipChangesSchema } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { pkParams } from '../../lib/resource-routes';
import { requireUser } from '../../plugins/auth';
import type { HistoryService } from './history.service';

/** Who joined and who left a saved audience (docs/API-AUDIENCES.md "History"): owner and team members only. */
export const membershipRoutes: FastifyPluginCallbackZod<{ historyService: HistoryService }> = (
  app,
  { historyService },
  done,
) => {
  app.get(
    '/api/audience-configs/:pk/history/members/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['audiences'],
        summary:
          'Who joined and who left a saved audience between two days: exact counts of indexed accounts and a sample of each',
        params: pkParams,
        querystring: changesQuerySchema,
        response: { 200: membershipChangesSchema, ...errorResponses(400, 403, 404, 503) },
      },
    },
    (request) =>
      historyService.members(requireUser(request), request.params.pk, request.query.from, request.query.to),
  );
  done();
};
