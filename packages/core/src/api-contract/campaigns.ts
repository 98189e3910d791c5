import { z } from 'zod';
import {
  adCategoryListSchema,
  adCreativeSchema,
  adMediaSchema,
  fileCompleteSchema,
  filePolicySchema,
  adSchema,
  adsetSchema,
  campaignListSchema,
  campaignSchema,
  reachSchema,
  segmentationsSchema,
  statsTotalSchema,
} from '../api';
import type { CampaignRoutes } from '../api';

type Wire<R> = [R] extends [void] ? null : R;

/** SPEC §7 Ads and Campaigns' part of API_ROUTE_RESPONSES (index.ts), one schema per CampaignRoutes key. */
export const CAMPAIGN_ROUTE_RESPONSES = {
  'GET /api/campaigns/': campaignListSchema,
  'POST /api/campaigns/': campaignSchema,
  'GET /api/campaigns/:pk/': campaignSchema,
  'PUT /api/campaigns/:pk/': campaignSchema,
  'PATCH /api/campaigns/:pk/': campaignSchema,
  'DELETE /api/campaigns/:pk/': z.null(),
  'GET /api/campaigns/:pk/adsets/': z.array(adsetSchema),
  'GET /api/campaigns/:pk/ads/': z.array(adSchema),
  'POST /api/campaigns/:pk/ads/': adSchema,
  'GET /api/campaigns/:pk/statstotal/': statsTotalSchema,
  'GET /api/campaigns/:pk/reach/': reachSchema,
  'GET /api/campaigns/:pk/segmentations/': segmentationsSchema,
  'GET /api/adsets/': z.array(adsetSchema),
  'POST /api/adsets/': adsetSchema,
  'GET /api/adsets/:pk/': adsetSchema,
  'PATCH /api/adsets/:pk/': adsetSchema,
  'DELETE /api/adsets/:pk/': z.null(),
  'DELETE /api/ads/:pk/': z.null(),
  'POST /api/ads/:pk/toggle/': adSchema,
  'GET /api/ad-creatives/': z.array(adCreativeSchema),
  'POST /api/ad-creatives/': adCreativeSchema,
  'GET /api/ad-creatives/:pk/': adCreativeSchema,
  'PATCH /api/ad-creatives/:pk/': adCreativeSchema,
  'DELETE /api/ad-creatives/:pk/': z.null(),
  'GET /api/ad-media/': z.array(adMediaSchema),
  'POST /api/ad-media/': adMediaSchema,
  'DELETE /api/ad-media/:pk/': z.null(),
  'POST /api/api/files/policy/': filePolicySchema,
  'POST /api/api/files/complete/': fileCompleteSchema,
  'GET /api/content-categories/': adCategoryListSchema,
  'GET /api/advertiser-categories/': adCategoryListSchema,
} satisfies { [K in keyof CampaignRoutes]: z.ZodType<Wire<CampaignRoutes[K]['response']>> };
