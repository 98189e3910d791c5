import type { z } from 'zod';
import type {
  Ad,
  AdAccountFunding,
  adAccountFundingQuerySchema,
  AdMedia,
  CreateAdMedia,
  FileComplete,
  fileCompleteRequestSchema,
  FilePolicy,
  FilePolicyRequest,
  AdCategory,
  AdCreative,
  Adset,
  adsetQuerySchema,
  Campaign,
  CampaignList,
  campaignQuerySchema,
  CreateAd,
  CreateAdCreative,
  CreateAdset,
  CreateCampaign,
  patchAdCreativeSchema,
  patchAdsetSchema,
  PatchCampaign,
  Reach,
  Segmentations,
  StatsTotal,
  teamScopeQuerySchema,
  UpdateCampaign,
} from './campaigns';

// The routes of SPEC §7 Ads and Campaigns the dashboard calls, merged into ApiRoutes (routes.ts).
// Types only, like routes.ts.

type QueryOf<S extends z.ZodType> = Partial<z.output<S>>;

export interface CampaignRoutes {
  'GET /api/campaigns/': { query: QueryOf<typeof campaignQuerySchema>; response: CampaignList };
  'POST /api/campaigns/': { body: CreateCampaign; response: Campaign };
  'GET /api/campaigns/funding/': {
    query: QueryOf<typeof adAccountFundingQuerySchema>;
    response: AdAccountFunding;
  };
  'GET /api/campaigns/:pk/': { response: Campaign };
  'PUT /api/campaigns/:pk/': { body: UpdateCampaign; response: Campaign };
  'PATCH /api/campaigns/:pk/': { body: PatchCampaign; response: Campaign };
  'DELETE /api/campaigns/:pk/': { response: void };
  'GET /api/campaigns/:pk/adsets/': { response: Adset[] };
  'GET /api/campaigns/:pk/ads/': { response: Ad[] };
  'POST /api/campaigns/:pk/ads/': { body: CreateAd; response: Ad };
  'GET /api/campaigns/:pk/statstotal/': { response: StatsTotal };
  'GET /api/campaigns/:pk/reach/': { response: Reach };
  'GET /api/campaigns/:pk/segmentations/': { response: Segmentations };
  'GET /api/adsets/': { query: QueryOf<typeof adsetQuerySchema>; response: Adset[] };
  'POST /api/adsets/': { body: CreateAdset; response: Adset };
  'GET /api/adsets/:pk/': { response: Adset };
  'PATCH /api/adsets/:pk/': { body: z.input<typeof patchAdsetSchema>; response: Adset };
  'DELETE /api/adsets/:pk/': { response: void };
  'DELETE /api/ads/:pk/': { response: void };
  'POST /api/ads/:pk/toggle/': { response: Ad };
  'GET /api/ad-creatives/': { query: QueryOf<typeof teamScopeQuerySchema>; response: AdCreative[] };
  'POST /api/ad-creatives/': { body: CreateAdCreative; response: AdCreative };
  'GET /api/ad-creatives/:pk/': { response: AdCreative };
  'PATCH /api/ad-creatives/:pk/': { body: z.input<typeof patchAdCreativeSchema>; response: AdCreative };
  'DELETE /api/ad-creatives/:pk/': { response: void };
  'GET /api/ad-media/': { query: QueryOf<typeof teamScopeQuerySchema>; response: AdMedia[] };
  'POST /api/ad-media/': { body: CreateAdMedia; response: AdMedia };
  'DELETE /api/ad-media/:pk/': { response: void };
  'POST /api/api/files/policy/': { body: FilePolicyRequest; response: FilePolicy };
  'POST /api/api/files/complete/': {
    body: z.input<typeof fileCompleteRequestSchema>;
    response: FileComplete;
  };
  'GET /api/content-categories/': { response: AdCategory[] };
  'GET /api/advertiser-categories/': { response: AdCategory[] };
}
