import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  adSchema,
  adsetQuerySchema,
  adsetSchema,
  createAdsetSchema,
  patchAdsetSchema,
  updateAdsetSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { pkParams, resourceRoutes } from '../../lib/resource-routes';
import { requireUser } from '../../plugins/auth';
import type { CampaignsService } from './campaigns.service';

/** SPEC §7 Ads: ad sets of a draft campaign, and a published campaign's ads (delete, pause/resume on X). */
export const adsetsRoutes: FastifyPluginCallbackZod<{ campaignsService: CampaignsService }> = (
  app,
  { campaignsService: service },
  done,
) => {
  const tags = ['campaigns'];
  const write = errorResponses(400, 403, 404, 429, 503);
  const read = errorResponses(403, 404);

  resourceRoutes(app, {
    path: '/api/adsets/',
    tags,
    item: adsetSchema,
    list: {
      summary: "A campaign's ad sets (?campaign=)",
      querystring: adsetQuerySchema,
      errors: errorResponses(400, 403, 404),
      handler: (user, query) => service.adsets(user, query.campaign),
    },
    create: {
      summary: 'Add an ad set (a saved audience on some placements) to a draft campaign',
      body: createAdsetSchema,
      errors: write,
      handler: (user, body) => service.createAdset(user, body),
    },
    get: { summary: 'An ad set', errors: read, handler: (user, pk) => service.adset(user, pk) },
    replace: {
      summary: 'Replace an ad set',
      body: updateAdsetSchema,
      errors: write,
      handler: (user, pk, body) => service.updateAdset(user, pk, body),
    },
    change: {
      summary: 'Change an ad set',
      body: patchAdsetSchema,
      errors: write,
      handler: (user, pk, body) => service.updateAdset(user, pk, body),
    },
    remove: {
      summary: 'Delete an ad set of a draft',
      errors: write,
      handler: (user, pk) => service.removeAdset(user, pk),
    },
  });

  resourceRoutes(app, {
    path: '/api/ads/',
    tags,
    item: adSchema,
    remove: {
      summary: 'Delete an ad (its promoted post on X too)',
      errors: write,
      handler: (user, pk) => service.removeAd(user, pk),
    },
  });
  app.post(
    '/api/ads/:pk/toggle/',
    {
      config: { auth: 'signed-in' },
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
