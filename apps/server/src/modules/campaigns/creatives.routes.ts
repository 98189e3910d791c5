import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  adCreativeSchema,
  createAdCreativeSchema,
  patchAdCreativeSchema,
  teamScopeQuerySchema,
  updateAdCreativeSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { resourceRoutes } from '../../lib/resource-routes';
import type { CampaignsService } from './campaigns.service';

/** SPEC §7 Ads: a team's ad creatives. */
export const creativesRoutes: FastifyPluginCallbackZod<{ campaignsService: CampaignsService }> = (
  app,
  { campaignsService: service },
  done,
) => {
  const write = errorResponses(400, 403, 404, 429, 503);

  resourceRoutes(app, {
    path: '/api/ad-creatives/',
    tags: ['campaigns'],
    item: adCreativeSchema,
    list: {
      summary: "A team's ad creatives (?team=)",
      querystring: teamScopeQuerySchema,
      errors: errorResponses(400, 403, 404),
      handler: (user, query) => service.creatives(user, query.team),
    },
    create: {
      summary: 'Create an ad creative',
      body: createAdCreativeSchema,
      errors: write,
      handler: (user, body) => service.createCreative(user, body),
    },
    get: {
      summary: 'An ad creative',
      errors: errorResponses(403, 404),
      handler: (user, pk) => service.creative(user, pk),
    },
    replace: {
      summary: 'Replace an ad creative',
      body: updateAdCreativeSchema,
      errors: write,
      handler: (user, pk, body) => service.updateCreative(user, pk, body),
    },
    change: {
      summary: 'Change an ad creative',
      body: patchAdCreativeSchema,
      errors: write,
      handler: (user, pk, body) => service.updateCreative(user, pk, body),
    },
    remove: {
      summary: 'Delete an ad creative no ad uses',
      errors: write,
      handler: (user, pk) => service.removeCreative(user, pk),
    },
  });

  done();
};
