import type { z } from 'zod';
import type {
  ActivityList,
  activityQuerySchema,
  HelpArticle,
  HelpArticleList,
  helpArticleQuerySchema,
  HelperDocument,
  HelperDocumentDownload,
  helperDocumentDownloadQuerySchema,
  helperDocumentsQuerySchema,
  helpQuerySchema,
  Metrics,
  metricsQuerySchema,
} from './platform';
import type { TeamInfo } from './team';
import type { Iconography } from './iconography';

type Query<S extends z.ZodType> = Partial<z.output<S>>;

/** Help, helper documents and the activity feed (modules/help, modules/activity). */
export interface PlatformRoutes {
  'GET /api/help/articles/': { query: Query<typeof helpQuerySchema>; response: HelpArticleList };
  'GET /api/help/articles/:id/': { query: Query<typeof helpArticleQuerySchema>; response: HelpArticle };
  'GET /api/helper-documents/': {
    query: Query<typeof helperDocumentsQuerySchema>;
    response: HelperDocument[];
  };
  'GET /api/helper-documents/download/': {
    query: Query<typeof helperDocumentDownloadQuerySchema>;
    response: HelperDocumentDownload;
  };
  'GET /api/teams/:slug/events/': { query: Query<typeof activityQuerySchema>; response: ActivityList };
  'GET /api/metrics/': { query: Query<typeof metricsQuerySchema>; response: Metrics };
  /** 404 = no team for this host. */
  'GET /api/team-by-host/': { query: { host: string }; response: TeamInfo };
  'GET /api/iconography/': { response: Iconography };
}
