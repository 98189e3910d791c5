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
import type { CampaignList } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { readThrough, sendCached, serialized, type ReadCache } from '../../lib/read-cache';
import { pkParams, resourceRoutes, type ZodApp } from '../../lib/resource-routes';
import { requireUser } from '../../plugins/auth';
import { adsetsRoutes } from './adsets.routes';
import { campaignSummaryRoutes } from './campaign-summary.routes';
import type { CampaignsService } from './campaigns.service';
import { creativesRoutes } from './creatives.routes';

const tags = ['campaigns'];
const write = errorResponses(400, 403, 404, 429, 503);
const read = errorResponses(403, 404);

/**
 * SPEC §7 Ads and Campaigns: a team's campaigns with their delivery (here), ad sets and ads
 * (./adsets.routes.ts), creatives (./creatives.routes.ts), the summary PDF and categories
 * (./campaign-summary.routes.ts).
 */
export const campaignsRoutes: FastifyPluginCallbackZod<{
  campaignsService: CampaignsService;
  /** The campaigns lists' answers in memory (lib/read-cache.ts); none: every list is read. */
  listCache?: ReadCache | undefined;
}> = (app, { campaignsService: service, listCache }, done) => {
  registerCampaignRoutes(app, service, listCache);
  registerCampaignPartRoutes(app, service);
  void app.register(adsetsRoutes, { campaignsService: service });
  void app.register(creativesRoutes, { campaignsService: service });
  void app.register(campaignSummaryRoutes, { campaignsService: service });
  done();
};

/** The campaigns themselves: list, create, funding, read, change, delete. */
function registerCampaignRoutes(app: ZodApp, service: CampaignsService, listCache: ReadCache | undefined) {
  app.get(
    '/api/campaigns/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "A team's campaigns (?team=), filtered, with delivery totals",
        querystring: campaignQuerySchema,
        response: { 200: campaignListSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      // Team access is checked on every read; the page itself comes from memory while no table it
      // was read from has changed and no campaign of the team has started or ended since
      // (lib/read-cache.ts). The team and the URL are all it depends on.
      const team = await service.listTeam(requireUser(request), query.team);
      const answer = await readThrough(listCache, `team:${team.id} ${request.url}`, async () => {
        const { page, until } = await service.list(team, query);
        const next =
          query.offset + query.limit < page.count
            ? (() => {
                const url = new URL(request.url, 'http://murmur.invalid');
                url.searchParams.set('offset', String(query.offset + query.limit));
                url.searchParams.set('limit', String(query.limit));
                return `${url.pathname}${url.search}`;
              })()
            : null;
        return { json: serialized(reply, { ...page, next }), until: until?.getTime() ?? Infinity };
      });
      return sendCached<CampaignList>(request, reply, answer);
    },
  );
  const campaign = { path: '/api/campaigns/', tags, item: campaignSchema };
  resourceRoutes(app, {
    ...campaign,
    create: {
      summary: 'Create a draft campaign on an ad account granted to the team',
      body: createCampaignSchema,
      errors: write,
      handler: (user, body) => service.create(user, body),
    },
  });
  app.get(
    '/api/campaigns/funding/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "The currency a granted ad account pays in on X (the wizard's default currency)",
        querystring: adAccountFundingQuerySchema,
        response: { 200: adAccountFundingSchema, ...errorResponses(400, 403, 404, 429, 503) },
      },
    },
    (request) => service.funding(requireUser(request), request.query.team, request.query.ad_account_id),
  );
  resourceRoutes(app, {
    ...campaign,
    get: { summary: 'A campaign', errors: read, handler: (user, pk) => service.get(user, pk) },
    replace: {
      summary: "Replace a draft campaign's settings",
      body: updateCampaignSchema,
      errors: write,
      handler: (user, pk, body) => service.update(user, pk, body),
    },
    change: {
      summary: 'Change a draft; status Active publishes it to X, Paused/Active pause or resume it on X',
      body: patchCampaignSchema,
      errors: write,
      handler: (user, pk, body) => service.update(user, pk, body),
    },
    remove: {
      summary: 'Delete a campaign (on X too when published)',
      errors: write,
      handler: (user, pk) => service.remove(user, pk),
    },
  });
}

/** A campaign's ad sets, ads and delivery figures. */
function registerCampaignPartRoutes(app: ZodApp, service: CampaignsService) {
  app.get(
    '/api/campaigns/:pk/adsets/',
    {
      config: { auth: 'signed-in' },
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
      config: { auth: 'signed-in' },
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
      config: { auth: 'signed-in' },
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
      config: { auth: 'signed-in' },
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
      config: { auth: 'signed-in' },
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
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Delivery split by country, age, gender and interest',
        params: pkParams,
        response: { 200: segmentationsSchema, ...errorResponses(403, 404, 503) },
      },
    },
    (request) => service.segmentations(requireUser(request), request.params.pk),
  );
}
