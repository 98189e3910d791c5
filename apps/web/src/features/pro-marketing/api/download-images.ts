import { fetchBinary } from '@/lib/fetch-binary';
import { currentToken } from '@/lib/request';

/** SPEC §7 image downloader: at most this many addresses in one zip (the server's query schema). */
export const MAX_IMAGE_URLS = 20;

export interface DownloadedImages {
  blob: Blob;
  /** image.png for one address, images.zip for several (the server's content-disposition). */
  fileName: string;
}

/**
 * GET /api/external/image-downloader/?url=… — one image as PNG, several (`url` repeated) as a zip of
 * PNGs. Binary, so it goes through fetch rather than the JSON request helper; a refusal is an
 * ApiError with the server's SPEC §8 body.
 */
export async function downloadImages(urls: string[]): Promise<DownloadedImages> {
  const query = new URLSearchParams(urls.map((url) => ['url', url]));
  // The server converts images only for a signed-in user or the pro site's token (SPEC §6).
  const token = currentToken();
  const response = await fetchBinary(`/api/external/image-downloader/?${query.toString()}`, {
    headers: { Accept: 'image/png, application/zip', ...(token && { Authorization: `Token ${token}` }) },
  });
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName =
    /filename="([^"]+)"/.exec(disposition)?.[1] ?? (urls.length > 1 ? 'images.zip' : 'image.png');
  return { blob: await response.blob(), fileName };
}
