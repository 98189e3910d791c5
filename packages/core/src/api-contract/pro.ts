import { z } from 'zod';
import {
  audienceConfigSchema,
  audienceRequestListSchema,
  shareListResponseSchema,
  audienceRequestSchema,
  jobResponseSchema,
  jobTitlesResponseSchema,
  monitorSchema,
  monitorsSchema,
  marketingMaterialsSchema,
  relatedKeywordsResponseSchema,
  suggestInterestsResponseSchema,
  validateAdAccountResponseSchema,
  validateEmailResponseSchema,
  validateHandleResponseSchema,
  xstatsSchema,
} from '../api';
import type { ApiRoutes, ProRoutes } from '../api';

/** The pro-targeting site's part of API_ROUTE_RESPONSES (index.ts), one schema per ProRoutes key. */
export const PRO_ROUTE_RESPONSES = {
  'POST /api/external/suggest-interests/': suggestInterestsResponseSchema,
  'POST /api/external/related-keywords/': relatedKeywordsResponseSchema,
  'POST /api/external/generate-insights/': jobResponseSchema as z.ZodType<
    ApiRoutes['POST /api/external/generate-insights/']['response']
  >,
  'POST /api/external/competitor-analysis/': jobResponseSchema as z.ZodType<
    ApiRoutes['POST /api/external/competitor-analysis/']['response']
  >,
  'GET /api/external/job-titles/': jobTitlesResponseSchema,
  'POST /api/external/audience-requests/': audienceRequestSchema,
  'POST /api/external/audience-requests/verify/': audienceRequestSchema,
  'POST /api/external/audience-requests/feedback/': audienceRequestSchema,
  'POST /api/external/audience-requests/validate-email/': validateEmailResponseSchema,
  'POST /api/external/audience-requests/validate-handle/': validateHandleResponseSchema,
  'POST /api/external/audience-requests/validate-ad-account/': validateAdAccountResponseSchema,
  'GET /api/external/audience-requests/': audienceRequestListSchema,
  'POST /api/external/audience-requests/:id/answer/': audienceRequestSchema,
  'GET /api/audience-configs/:pk/': audienceConfigSchema,
  'POST /api/external/audience-configs/share/': shareListResponseSchema,
  'POST /api/external/audience-configs/share-via-account/': shareListResponseSchema,
  'GET /api/external/monitors/': monitorsSchema,
  'POST /api/external/monitors/': monitorSchema,
  'DELETE /api/external/monitors/:id/': z.null(),
  'GET /api/external/xstats/': xstatsSchema,
  'GET /api/external/marketing-materials/': marketingMaterialsSchema,
} satisfies {
  // A 204 route declares z.null(); the map says void (as in index.ts).
  [K in keyof ProRoutes]: z.ZodType<
    [ProRoutes[K]['response']] extends [void] ? null : ProRoutes[K]['response']
  >;
};

/** The pro-targeting routes whose responses leave a part unchecked (see PARTLY_CHECKED_RESPONSES). */
export const PRO_PARTLY_CHECKED_RESPONSES = {
  'POST /api/external/generate-insights/':
    'job.result is the insights report (@murmur/core/insights types, no zod schema yet); the map types it JobStarted<InsightsReport>',
  'POST /api/external/competitor-analysis/':
    'job.result is a CompetitorAnalysisResult, checked by its schema when the job finishes; the job schema keeps result open',
} satisfies Partial<Record<keyof ProRoutes, string>>;
