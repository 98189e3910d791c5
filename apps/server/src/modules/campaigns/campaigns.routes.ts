import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adAccountFundingQuerySchema,
  adAccountFundingSchema,
  adSchema,
  adsetSchema,
  campaignListSchema,
  campaignQuerySchema,
  campaignSchema,
  createAdSchema,
  createCampaignSchema,
  patchCampaignSchema,
  reachSchema,
  segmentationsSchema,
  statsTotalSchema,
  updateCampaignSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import { adsetsRoutes } from './adsets.routes';
import { campaignSummaryRoutes } from './campaign-summary.routes';
import type { CampaignsService } from './campaigns.service';
import { creativesRoutes } from './creatives.routes';
import { pkParams } from './route-params';

/**
 * SPEC §7 Ads and Campaigns: a team's campaigns with their delivery (here), ad sets and ads
 * (./adsets.routes.ts), creatives (./creatives.routes.ts), the summary PDF and categories
 * (./campaign-summary.routes.ts).
 */
export const campaignsRoutes: FastifyPluginCallbackZod<{ campaignsService: CampaignsService }> = (
  app,
  { campaignsService: service },
  done,
) => {
  const tags = ['campaigns'];
  const write = errorResponses(400, 403, 404, 429, 503);
  const read = errorResponses(403, 404);

  app.get(
    '/api/campaigns/',
    {
      schema: {
        tags,
        summary: "A team's campaigns (?team=), filtered, with delivery totals",
        querystring: campaignQuerySchema,
        response: { 200: campaignListSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { query } = request;
      const page = await service.list(requireUser(request), query);
      const next =
        query.offset + query.limit < page.count
          ? (() => {
              const url = new URL(request.url, 'http://murmur.invalid');
              url.searchParams.set('offset', String(query.offset + query.limit));
              url.searchParams.set('limit', String(query.limit));
              return `${url.pathname}${url.search}`;
            })()
          : null;
      return { ...page, next };
    },
  );
  app.post(
    '/api/campaigns/',
    {
      schema: {
        tags,
        summary: 'Create a draft campaign on an ad account granted to the team',
        body: createCampaignSchema,
        response: { 201: campaignSchema, ...write },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireUser(request), request.body)),
  );
  app.get(
    '/api/campaigns/funding/',
    {
      schema: {
        tags,
        summary: "The currency a granted ad account pays in on X (the wizard's default currency)",
        querystring: adAccountFundingQuerySchema,
        response: { 200: adAccountFundingSchema, ...errorResponses(400, 403, 404, 429, 503) },
      },
    },
    (request) => service.funding(requireUser(request), request.query.team, request.query.ad_account_id),
  );
  app.get(
    '/api/campaigns/:pk/',
    { schema: { tags, summary: 'A campaign', params: pkParams, response: { 200: campaignSchema, ...read } } },
    (request) => service.get(requireUser(request), request.params.pk),
  );
  app.put(
    '/api/campaigns/:pk/',
    {
      schema: {
        tags,
        summary: "Replace a draft campaign's settings",
        params: pkParams,
        body: updateCampaignSchema,
        response: { 200: campaignSchema, ...write },
      },
    },
    (request) => service.update(requireUser(request), request.params.pk, request.body),
  );
  app.patch(
    '/api/campaigns/:pk/',
    {
      schema: {
        tags,
        summary: 'Change a draft; status Active publishes it to X, Paused/Active pause or resume it on X',
        params: pkParams,
        body: patchCampaignSchema,
        response: { 200: campaignSchema, ...write },
      },
    },
    (request) => service.update(requireUser(request), request.params.pk, request.body),
  );
  app.delete(
    '/api/campaigns/:pk/',
    {
      schema: {
        tags,
        summary: 'Delete a campaign (on X too when published)',
        params: pkParams,
        response: { 204: z.null(), ...write },
      },
    },
    async (request, reply) => {
      await service.remove(requireUser(request), request.params.pk);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/campaigns/:pk/adsets/',
    {
      schema: {
        tags,
        summary: "A campaign's ad sets",
        params: pkParams,
        response: { 200: z.array(adsetSchema), ...read },
      },
    },
    (request) => service.adsets(requireUser(request), request.params.pk),
  );
  app.get(
    '/api/campaigns/:pk/ads/',
    {
      schema: {
        tags,
        summary: "A campaign's ads",
        params: pkParams,
        response: { 200: z.array(adSchema), ...read },
      },
    },
    (request) => service.ads(requireUser(request), request.params.pk),
  );
  app.post(
    '/api/campaigns/:pk/ads/',
    {
      schema: {
        tags,
        summary: 'Add an ad (a creative in one of the ad sets) to a draft campaign',
        params: pkParams,
        body: createAdSchema,
        response: { 201: adSchema, ...write },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createAd(requireUser(request), request.params.pk, request.body)),
  );
  app.get(
    '/api/campaigns/:pk/statstotal/',
    {
      schema: {
        tags,
        summary: 'Delivery totals and per day, as last read from X',
        params: pkParams,
        response: { 200: statsTotalSchema, ...read },
      },
    },
    (request) => service.statstotal(requireUser(request), request.params.pk),
  );
  app.get(
    '/api/campaigns/:pk/reach/',
    {
      schema: {
        tags,
        summary: "The ad sets' targeting together: estimated accounts reached and size bucket",
        params: pkParams,
        response: { 200: reachSchema, ...errorResponses(403, 404, 503) },
      },
    },
    (request) => service.reach(requireUser(request), request.params.pk),
  );
  app.get(
    '/api/campaigns/:pk/segmentations/',
    {
      schema: {
        tags,
        summary: 'Delivery split by country, age, gender and interest',
        params: pkParams,
        response: { 200: segmentationsSchema, ...errorResponses(403, 404, 503) },
      },
    },
    (request) => service.segmentations(requireUser(request), request.params.pk),
  );

  void app.register(adsetsRoutes, { campaignsService: service });
  void app.register(creativesRoutes, { campaignsService: service });
  void app.register(campaignSummaryRoutes, { campaignsService: service });
  done();
};
