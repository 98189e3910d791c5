import { ApiError, NETWORK_ERROR_MESSAGE } from '@murmur/core/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBinary } from './fetch-binary';
import { apiRootFor } from './request';

const refusal = async (answer: Response): Promise<ApiError> => {
  vi.spyOn(window, 'fetch').mockResolvedValue(answer);
  const error: unknown = await fetchBinary('/api/campaign-summary-pdf/', { method: 'POST' }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('fetchBinary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the call to the page’s API root with the session cookie and answers the file', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(new Response('%PDF-1.7'));
    const response = await fetchBinary('/api/campaign-summary-pdf/', {
      method: 'POST',
      headers: { Accept: 'application/pdf' },
      body: '{"campaign":4}',
    });
    expect(await response.text()).toBe('%PDF-1.7');
    expect(fetch).toHaveBeenCalledWith(`${apiRootFor(window.location.hostname)}/api/campaign-summary-pdf/`, {
      method: 'POST',
      headers: { Accept: 'application/pdf' },
      body: '{"campaign":4}',
      credentials: 'include',
    });
  });

  it('throws a refusal’s SPEC §8 body, parsed when JSON, with its status', async () => {
    const error = await refusal(
      new Response(JSON.stringify({ detail: 'Campaign not found.' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(error.status).toBe(404);
    expect(error.body).toEqual({ detail: 'Campaign not found.' });
    expect(error.message).toBe('Campaign not found.');
  });

  it('throws a refusal that is not JSON as its text', async () => {
    const error = await refusal(new Response('Bad gateway', { status: 502 }));
    expect(error.status).toBe(502);
    expect(error.body).toBe('Bad gateway');
  });

  it('throws SPEC §8’s network error when nothing answers', async () => {
    vi.spyOn(window, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const error: unknown = await fetchBinary('/api/audience-insights/pdf/', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).body).toEqual({ detail: NETWORK_ERROR_MESSAGE });
  });
});
