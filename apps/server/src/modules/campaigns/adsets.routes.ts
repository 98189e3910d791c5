import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adSchema,
  adsetQuerySchema,
  adsetSchema,
  createAdsetSchema,
  patchAdsetSchema,
  updateAdsetSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { CampaignsService } from './campaigns.service';
import { pkParams } from './route-params';

/** SPEC §7 Ads: ad sets of a draft campaign, and a published campaign's ads (delete, pause/resume on X). */
export const adsetsRoutes: FastifyPluginCallbackZod<{ campaignsService: CampaignsService }> = (
  app,
  { campaignsService: service },
  done,
) => {
  const tags = ['campaigns'];
  const write = errorResponses(400, 403, 404, 429, 503);
  const read = errorResponses(403, 404);

  // ---- ad sets ----
  app.get(
    '/api/adsets/',
    {
      schema: {
        tags,
        summary: "A campaign's ad sets (?campaign=)",
        querystring: adsetQuerySchema,
        response: { 200: z.array(adsetSchema), ...errorResponses(400, 403, 404) },
      },
    },
    (request) => service.adsets(requireUser(request), request.query.campaign),
  );
  app.post(
    '/api/adsets/',
    {
      schema: {
        tags,
        summary: 'Add an ad set (a saved audience on some placements) to a draft campaign',
        body: createAdsetSchema,
        response: { 201: adsetSchema, ...write },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createAdset(requireUser(request), request.body)),
  );
  app.get(
    '/api/adsets/:pk/',
    { schema: { tags, summary: 'An ad set', params: pkParams, response: { 200: adsetSchema, ...read } } },
    (request) => service.adset(requireUser(request), request.params.pk),
  );
  app.put(
    '/api/adsets/:pk/',
    {
      schema: {
        tags,
        summary: 'Replace an ad set',
        params: pkParams,
        body: updateAdsetSchema,
        response: { 200: adsetSchema, ...write },
      },
    },
    (request) => service.updateAdset(requireUser(request), request.params.pk, request.body),
  );
  app.patch(
    '/api/adsets/:pk/',
    {
      schema: {
        tags,
        summary: 'Change an ad set',
        params: pkParams,
        body: patchAdsetSchema,
        response: { 200: adsetSchema, ...write },
      },
    },
    (request) => service.updateAdset(requireUser(request), request.params.pk, request.body),
  );
  app.delete(
    '/api/adsets/:pk/',
    {
      schema: {
        tags,
        summary: 'Delete an ad set of a draft',
        params: pkParams,
        response: { 204: z.null(), ...write },
      },
    },
    async (request, reply) => {
      await service.removeAdset(requireUser(request), request.params.pk);
      return reply.status(204).send(null);
    },
  );

  // ---- ads ----
  app.delete(
    '/api/ads/:pk/',
    {
      schema: {
        tags,
        summary: 'Delete an ad (its promoted post on X too)',
        params: pkParams,
        response: { 204: z.null(), ...write },
      },
    },
    async (request, reply) => {
      await service.removeAd(requireUser(request), request.params.pk);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/ads/:pk/toggle/',
    {
      schema: {
        tags,
        summary: 'Pause an active ad or resume a paused one, on X',
        params: pkParams,
        response: { 200: adSchema, ...write },
      },
    },
    (request) => service.toggleAd(requireUser(request), request.params.pk),
  );

  done();
};
