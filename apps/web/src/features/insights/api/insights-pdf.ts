import type { InsightsPdfSource } from '@murmur/core/api';
import { ApiError } from '@murmur/core/errors';
import { buildQueryString } from '@murmur/core/http';
import { downloadBlob } from '@/lib/download';
import { fileSafe } from '@/lib/export-png';
import { networkError } from '@/lib/network-error';
import { apiRootFor, currentToken } from '@/lib/request';

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
  let response: Response;
  try {
    response = await fetch(`${apiRootFor(window.location.hostname)}/api/audience-insights/pdf/${query}`, {
      credentials: 'include',
      headers: {
        Accept: 'application/pdf',
        ...(token !== null && token !== '' && { Authorization: `Token ${token}` }),
      },
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the text as is
    }
    throw new ApiError(response.status, body);
  }
  downloadBlob(await response.blob(), `${fileSafe(fileName)}.pdf`);
}
