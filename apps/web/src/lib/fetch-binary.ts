import { ApiError } from '@murmur/core/errors';
import { networkError } from './network-error';
import { apiRootFor } from './request';

/**
 * A call whose answer is a file (a PDF, a PNG, a zip), so not JSON through the request helper: the
 * page's API root, the session cookie sent along, the caller's method, headers and body. Resolves
 * with the OK response for the caller to read as a blob.
 *
 * @throws ApiError with status 0 and SPEC §8's network message when nothing answered; with the
 * answer's status and its SPEC §8 body (parsed when JSON, else the text as is) when it refused, so
 * the screen shows it in the interface language as it does the JSON calls' errors.
 */
export async function fetchBinary(path: string, init: Omit<RequestInit, 'credentials'>): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${apiRootFor(window.location.hostname)}${path}`, {
      ...init,
      credentials: 'include',
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
  return response;
}
