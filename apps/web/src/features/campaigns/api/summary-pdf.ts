import { ApiError } from '@murmur/core/errors';
import { apiRootFor } from '@/lib/request';
import { readCookie } from '@/lib/cookies';
import { downloadBlob } from '@/lib/download';
import { fileSafe } from '@/lib/export-png';
import { networkError } from '@/lib/network-error';

/**
 * POST /api/campaign-summary-pdf/ — the campaign's summary as a PDF in the user's language, saved
 * as a download. Binary, so it goes through fetch rather than the JSON request helper.
 */
export async function downloadSummaryPdf(campaign: number, fileName: string): Promise<void> {
  const csrf = readCookie('csrftoken');
  let response: Response;
  try {
    response = await fetch(`${apiRootFor(window.location.hostname)}/api/campaign-summary-pdf/`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/pdf',
        ...(csrf && { 'X-CSRFToken': csrf }),
      },
      body: JSON.stringify({ campaign }),
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
  downloadBlob(await response.blob(), `${fileSafe(fileName.replace(/\.pdf$/, ''))}.pdf`);
}
