import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adCategoryListSchema,
  adCreativeSchema,
  adSchema,
  adsetQuerySchema,
  adsetSchema,
  campaignListSchema,
  campaignQuerySchema,
  campaignSchema,
  campaignSummaryPdfSchema,
  createAdCreativeSchema,
  createAdSchema,
  createAdsetSchema,
  createCampaignSchema,
  patchAdCreativeSchema,
  patchAdsetSchema,
  patchCampaignSchema,
  reachSchema,
  segmentationsSchema,
  statsTotalSchema,
  teamScopeQuerySchema,
  updateAdCreativeSchema,
  updateAdsetSchema,
  updateCampaignSchema,
} from '@murmur/core/api';
import { MAX_DB_ID } from '../../lib/db-id';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { CampaignsService } from './campaigns.service';

const pkParams = z.object({ pk: z.coerce.number().int().positive().max(MAX_DB_ID) });

/** SPEC §7 Ads and Campaigns: a team's campaigns, ad sets, ads and creatives, published to X. */
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

  app.post(
    '/api/campaign-summary-pdf/',
    {
      schema: {
        tags,
        summary:
          "A campaign's summary (figures, daily chart, reach, segmentations, audiences) as a PDF in the user's language",
        body: campaignSummaryPdfSchema,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.summaryPdf(requireUser(request), request.body.campaign);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="campaign.pdf"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .send(pdf);
    },
  );

  // ---- categories ----
  app.get(
    '/api/content-categories/',
    {
      schema: {
        tags,
        summary: 'Content categories (English and Japanese names)',
        response: { 200: adCategoryListSchema },
      },
    },
    () => service.contentCategories(),
  );
  app.get(
    '/api/advertiser-categories/',
    {
      schema: {
        tags,
        summary: 'Advertiser categories (English and Japanese names)',
        response: { 200: adCategoryListSchema },
      },
    },
    () => service.advertiserCategories(),
  );

  done();
};
