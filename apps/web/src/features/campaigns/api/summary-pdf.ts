import { readCookie } from '@/lib/cookies';
import { downloadBlob } from '@/lib/download';
import { fileSafe } from '@/lib/export-png';
import { fetchBinary } from '@/lib/fetch-binary';

/**
 * POST /api/campaign-summary-pdf/ — the campaign's summary as a PDF in the user's language, saved
 * as a download. Binary, so it goes through fetch rather than the JSON request helper.
 */
export async function downloadSummaryPdf(campaign: number, fileName: string): Promise<void> {
  const csrf = readCookie('csrftoken');
  const response = await fetchBinary('/api/campaign-summary-pdf/', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/pdf',
      ...(csrf && { 'X-CSRFToken': csrf }),
    },
    body: JSON.stringify({ campaign }),
  });
  downloadBlob(await response.blob(), `${fileSafe(fileName.replace(/\.pdf$/, ''))}.pdf`);
}
