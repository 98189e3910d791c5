import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adCreativeSchema,
  createAdCreativeSchema,
  patchAdCreativeSchema,
  teamScopeQuerySchema,
  updateAdCreativeSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { CampaignsService } from './campaigns.service';
import { pkParams } from './route-params';

/** SPEC §7 Ads: a team's ad creatives. */
export const creativesRoutes: FastifyPluginCallbackZod<{ campaignsService: CampaignsService }> = (
  app,
  { campaignsService: service },
  done,
) => {
  const tags = ['campaigns'];
  const write = errorResponses(400, 403, 404, 429, 503);
  const read = errorResponses(403, 404);

  // ---- creatives ----
  app.get(
    '/api/ad-creatives/',
    {
      schema: {
        tags,
        summary: "A team's ad creatives (?team=)",
        querystring: teamScopeQuerySchema,
        response: { 200: z.array(adCreativeSchema), ...errorResponses(400, 403, 404) },
      },
    },
    (request) => service.creatives(requireUser(request), request.query.team),
  );
  app.post(
    '/api/ad-creatives/',
    {
      schema: {
        tags,
        summary: 'Create an ad creative',
        body: createAdCreativeSchema,
        response: { 201: adCreativeSchema, ...write },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCreative(requireUser(request), request.body)),
  );
  app.get(
    '/api/ad-creatives/:pk/',
    {
      schema: {
        tags,
        summary: 'An ad creative',
        params: pkParams,
        response: { 200: adCreativeSchema, ...read },
      },
    },
    (request) => service.creative(requireUser(request), request.params.pk),
  );
  app.put(
    '/api/ad-creatives/:pk/',
    {
      schema: {
        tags,
        summary: 'Replace an ad creative',
        params: pkParams,
        body: updateAdCreativeSchema,
        response: { 200: adCreativeSchema, ...write },
      },
    },
    (request) => service.updateCreative(requireUser(request), request.params.pk, request.body),
  );
  app.patch(
    '/api/ad-creatives/:pk/',
    {
      schema: {
        tags,
        summary: 'Change an ad creative',
        params: pkParams,
        body: patchAdCreativeSchema,
        response: { 200: adCreativeSchema, ...write },
      },
    },
    (request) => service.updateCreative(requireUser(request), request.params.pk, request.body),
  );
  app.delete(
    '/api/ad-creatives/:pk/',
    {
      schema: {
        tags,
        summary: 'Delete an ad creative no ad uses',
        params: pkParams,
        response: { 204: z.null(), ...write },
      },
    },
    async (request, reply) => {
      await service.removeCreative(requireUser(request), request.params.pk);
      return reply.status(204).send(null);
    },
  );

  done();
};
