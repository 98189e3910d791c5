import { request } from '../../../lib/request';

export interface TwitterTokens {
  access_token: string;
  access_token_secret: string;
}

/** GET /rest-auth/twitter/access_token/ — the callback parameters (state removed) for X's tokens. */
export const getTwitterAccessToken = (callback: URLSearchParams): Promise<TwitterTokens> => {
  const query: Record<string, string> = {};
  callback.forEach((value, key) => {
    if (key !== 'state') query[key] = value;
  });
  return request.get<TwitterTokens>('/rest-auth/twitter/access_token/', { query });
};
