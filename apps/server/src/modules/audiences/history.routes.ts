import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  audienceChangesSchema,
  audienceHistorySchema,
  changesQuerySchema,
  historyQuerySchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { pkParams } from '../../lib/resource-routes';
import { requireUser } from '../../plugins/auth';
import type { HistoryService } from './history.service';

const tags = ['audiences'];

/** A saved audience over time (docs/API-AUDIENCES.md "History"): owner and team members only. */
export const historyRoutes: FastifyPluginCallbackZod<{ historyService: HistoryService }> = (
  app,
  { historyService },
  done,
) => {
  app.get(
    '/api/audience-configs/:pk/history/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "A saved audience's daily points (size with its interval, composition digest), oldest first",
        params: pkParams,
        querystring: historyQuerySchema,
        response: { 200: audienceHistorySchema, ...errorResponses(400, 403, 404, 503) },
      },
    },
    (request) => historyService.history(requireUser(request), request.params.pk, request.query.days),
  );

  app.get(
    '/api/audience-configs/:pk/history/changes/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary:
          'What changed in a saved audience between two days: its size and the panel values that moved',
        params: pkParams,
        querystring: changesQuerySchema,
        response: { 200: audienceChangesSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) =>
      historyService.changes(requireUser(request), request.params.pk, request.query.from, request.query.to),
  );
  done();
};
