import type { InsightsPdfSource } from '@murmur/core/api';
import { buildQueryString } from '@murmur/core/http';
import { downloadBlob } from '@/lib/download';
import { fileSafe } from '@/lib/export-png';
import { fetchBinary } from '@/lib/fetch-binary';
import { currentToken } from '@/lib/request';

export type { InsightsPdfSource };

/**
 * GET /api/audience-insights/pdf/ — the report as a PDF in the interface language, saved as a
 * download. Binary, so it goes through fetch rather than the JSON request helper; the session
 * cookie or the token rides along as `request` sends them, so a saved audience's name and the
 * signed-in tabs are printed for those who may read them.
 */
export async function downloadInsightsPdf(
  source: InsightsPdfSource,
  language: 'en' | 'ja',
  fileName: string,
): Promise<void> {
  const query = buildQueryString({ ...source, language });
  const token = currentToken();
  const response = await fetchBinary(`/api/audience-insights/pdf/${query}`, {
    headers: {
      Accept: 'application/pdf',
      ...(token !== null && token !== '' && { Authorization: `Token ${token}` }),
    },
  });
  downloadBlob(await response.blob(), `${fileSafe(fileName)}.pdf`);
}
