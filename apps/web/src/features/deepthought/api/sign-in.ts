import type { XAccessTokenQuery } from '@murmur/core/api';
import { checkOAuthState, takeConnectSocial } from '@/lib/social-login';
import { request } from '@/lib/request';
import { connectXAccount } from './deepthought';

/** The state did not match the one stored when the browser left (SPEC §8). */
export class UnauthorizedLoginAttempt extends Error {
  constructor() {
    super('Error: Unauthorized login attempt');
  }
}

/**
 * Sign in with X on the premium host (SPEC §2 /authenticated, /login/twitter): on X's return the
 * state is checked, the verifier exchanged for the user token, the user signed in (unless adding an
 * account while signed in), and the X account connected to Deep Thought with the same token.
 */
export async function completeDeepThoughtSignIn(params: URLSearchParams) {
  const adding = takeConnectSocial();
  if (!checkOAuthState(params.get('state'))) throw new UnauthorizedLoginAttempt();
  const query: XAccessTokenQuery = {
    oauth_token: params.get('oauth_token') ?? '',
    oauth_verifier: params.get('oauth_verifier') ?? '',
  };
  params.forEach((value, key) => {
    if (key !== 'state') query[key] = value;
  });
  const tokens = await request.get('/rest-auth/twitter/access_token/', { query });
  if (!adding) await request.post('/rest-auth/twitter/', { body: tokens });
  return connectXAccount(tokens);
}
