import type { XAccessTokenQuery, XTokens } from '@murmur/core/api';
import { request } from '../request';

/** GET /rest-auth/twitter/access_token/ — the callback parameters (state removed) for X's tokens. */
export const getTwitterAccessToken = (callback: URLSearchParams): Promise<XTokens> => {
  const query: XAccessTokenQuery = {
    oauth_token: callback.get('oauth_token') ?? '',
    oauth_verifier: callback.get('oauth_verifier') ?? '',
  };
  callback.forEach((value, key) => {
    if (key !== 'state') query[key] = value;
  });
  return request.get('/rest-auth/twitter/access_token/', { query });
};
