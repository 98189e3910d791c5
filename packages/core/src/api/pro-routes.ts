import type { z } from 'zod';
import type { AudienceConfig, InsightsReport, JobStarted } from './audiences';
import type {
  CompetitorAnalysisResult,
  competitorAnalysisSchema,
  jobTitlesResponseSchema,
  packageBodySchema,
  relatedKeywordsResponseSchema,
  relatedKeywordsSchema,
  suggestInterestsResponseSchema,
  validateHandleSchema,
  ValidateHandleResult,
} from './catalogues';
import type {
  answerAudienceRequestSchema,
  AudienceRequest,
  audienceRequestFeedbackSchema,
  CreateAudienceRequest,
  marketingMaterialsQuerySchema,
  marketingMaterialsSchema,
  createMonitorSchema,
  Monitor,
  monitorsSchema,
  shareListResponseSchema,
  shareListSchema,
  shareViaAccountSchema,
  validateAdAccountResponseSchema,
  validateAdAccountSchema,
  validateEmailResponseSchema,
  validateEmailSchema,
  verifyAudienceRequestSchema,
  Xstats,
  xstatsQuerySchema,
} from './pro';

// The routes the pro-targeting site calls (SPEC §2 pro-targeting flavour, §7 /api/external/),
// merged into ApiRoutes (routes.ts). Types only, like routes.ts.

type QueryOf<S extends z.ZodType> = Partial<z.output<S>>;

export interface ProRoutes {
  'POST /api/external/suggest-interests/': {
    body: z.input<typeof packageBodySchema>;
    response: z.output<typeof suggestInterestsResponseSchema>;
  };
  'POST /api/external/related-keywords/': {
    body: z.input<typeof relatedKeywordsSchema>;
    response: z.output<typeof relatedKeywordsResponseSchema>;
  };
  'POST /api/external/generate-insights/': {
    body: z.input<typeof packageBodySchema>;
    response: JobStarted<InsightsReport>;
  };
  'POST /api/external/competitor-analysis/': {
    body: z.input<typeof competitorAnalysisSchema>;
    response: JobStarted<CompetitorAnalysisResult>;
  };
  'GET /api/external/job-titles/': { response: z.output<typeof jobTitlesResponseSchema> };
  'POST /api/external/audience-requests/': { body: CreateAudienceRequest; response: AudienceRequest };
  'POST /api/external/audience-requests/verify/': {
    body: z.input<typeof verifyAudienceRequestSchema>;
    response: AudienceRequest;
  };
  'POST /api/external/audience-requests/feedback/': {
    body: z.input<typeof audienceRequestFeedbackSchema>;
    response: AudienceRequest;
  };
  'POST /api/external/audience-requests/validate-email/': {
    body: z.input<typeof validateEmailSchema>;
    response: z.output<typeof validateEmailResponseSchema>;
  };
  'POST /api/external/audience-requests/validate-handle/': {
    body: z.input<typeof validateHandleSchema>;
    response: ValidateHandleResult;
  };
  'POST /api/external/audience-requests/validate-ad-account/': {
    body: z.input<typeof validateAdAccountSchema>;
    response: z.output<typeof validateAdAccountResponseSchema>;
  };
  'GET /api/external/audience-requests/': { response: { results: AudienceRequest[] } };
  'POST /api/external/audience-requests/:id/answer/': {
    body: z.input<typeof answerAudienceRequestSchema>;
    response: AudienceRequest;
  };
  'GET /api/audience-configs/:pk/': { response: AudienceConfig };
  'POST /api/external/audience-configs/share/': {
    body: z.input<typeof shareListSchema>;
    response: z.output<typeof shareListResponseSchema>;
  };
  'POST /api/external/audience-configs/share-via-account/': {
    body: z.input<typeof shareViaAccountSchema>;
    response: z.output<typeof shareListResponseSchema>;
  };
  'GET /api/external/monitors/': { response: z.output<typeof monitorsSchema> };
  'POST /api/external/monitors/': { body: z.input<typeof createMonitorSchema>; response: Monitor };
  'DELETE /api/external/monitors/:id/': { response: void };
  'GET /api/external/xstats/': { query: QueryOf<typeof xstatsQuerySchema>; response: Xstats };
  'GET /api/external/marketing-materials/': {
    query: QueryOf<typeof marketingMaterialsQuerySchema>;
    response: z.output<typeof marketingMaterialsSchema>;
  };
}
