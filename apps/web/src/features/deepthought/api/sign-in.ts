import { getTwitterAccessToken } from '@/lib/api/twitter-access-token';
import { twitterLogin } from '@/lib/api/twitter-login';
import { checkOAuthState, takeConnectSocial } from '@/lib/social-login';
import { connectXAccount } from './connect-account';

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
  const tokens = await getTwitterAccessToken(params);
  if (!adding) await twitterLogin(tokens);
  return connectXAccount(tokens);
}
