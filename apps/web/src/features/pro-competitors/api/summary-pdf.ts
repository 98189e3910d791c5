import { buildQueryString } from '@murmur/core/http';
import { config } from '@/lib/config';

/**
 * GET /api/external/pro-targeting-summary-pdf/ — the PDF of a finished competitor analysis. A file the
 * browser downloads from a link, so not a JSON call through the request helper.
 */
export const summaryPdfUrl = (jobId: string, language: 'en' | 'ja'): string =>
  `${config.apiRoot}/api/external/pro-targeting-summary-pdf/${buildQueryString({ job_id: jobId, language })}`;
