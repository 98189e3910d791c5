import { z } from 'zod';
import {
  accountAppsSchema,
  activityListSchema,
  appEventsSchema,
  hasPixelSchema,
  helpArticleListSchema,
  helpArticleSchema,
  helperDocumentDownloadSchema,
  helperDocumentSchema,
  iconographySchema,
  metricsSchema,
  teamInfoSchema,
  webEventsSchema,
} from '../api';

/** Response schemas of help, helper documents and the activity feed, spread into API_ROUTE_RESPONSES. */
export const PLATFORM_ROUTE_RESPONSES = {
  'GET /api/help/articles/': helpArticleListSchema,
  'GET /api/help/articles/:id/': helpArticleSchema,
  'GET /api/helper-documents/': z.array(helperDocumentSchema),
  'GET /api/helper-documents/download/': helperDocumentDownloadSchema,
  'GET /api/teams/:slug/events/': activityListSchema,
  'GET /api/metrics/': metricsSchema,
  'GET /api/team-by-host/': teamInfoSchema,
  'GET /api/iconography/': iconographySchema,
  'GET /api/has-pixel/': hasPixelSchema,
  'GET /api/web-events/': webEventsSchema,
  'GET /api/app-events/': appEventsSchema,
  'GET /api/account-apps/': accountAppsSchema,
};
