import { ApiError } from '@murmur/core/errors';
import { apiRootFor, currentToken } from '@/lib/request';
import { networkError } from '@/lib/network-error';

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
  let response: Response;
  try {
    response = await fetch(
      `${apiRootFor(window.location.hostname)}/api/external/image-downloader/?${query.toString()}`,
      {
        credentials: 'include',
        headers: { Accept: 'image/png, application/zip', ...(token && { Authorization: `Token ${token}` }) },
      },
    );
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
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName =
    /filename="([^"]+)"/.exec(disposition)?.[1] ?? (urls.length > 1 ? 'images.zip' : 'image.png');
  return { blob: await response.blob(), fileName };
}
