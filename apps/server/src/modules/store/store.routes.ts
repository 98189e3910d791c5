import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  audienceCategorySchema,
  audienceRegionSchema,
  storeListSchema,
  storeQuerySchema,
} from '@murmur/core/api';
import { z } from 'zod';
import { errorResponses } from '../../lib/http';
import type { StoreService } from './store.service';

/** Public: audience regions, audience categories and the audience store (docs/API-AUDIENCES.md "Audience store"). */
export const storeRoutes: FastifyPluginCallbackZod<{ storeService: StoreService }> = (
  app,
  { storeService },
  done,
) => {
  const tags = ['audience store'];

  app.get(
    '/api/audience-regions/',
    {
      schema: {
        tags,
        summary: 'Audience regions (SPEC §3) with their country codes',
        response: { 200: z.array(audienceRegionSchema) },
      },
    },
    () => storeService.regions(),
  );

  app.get(
    '/api/audience-categories/',
    {
      schema: {
        tags,
        summary: 'Audience categories, "Exclusion Audience" included',
        response: { 200: z.array(audienceCategorySchema) },
      },
    },
    () => storeService.categories(),
  );

  app.get(
    '/api/audiences/',
    {
      schema: {
        tags,
        summary: 'Ready-made audiences: one per interest category × region, sized by the engine',
        querystring: storeQuerySchema,
        response: { 200: storeListSchema, ...errorResponses(400, 503) },
      },
    },
    (request) => storeService.list(request.query),
  );
  done();
};
