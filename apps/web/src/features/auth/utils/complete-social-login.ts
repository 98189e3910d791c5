import type { SignInResponse, SocialCode, User, XTokens } from '@murmur/core/api';
import {
  checkOAuthState,
  takeCodeVerifier,
  takeConnectSocial,
  type CodeProvider,
  type SocialProvider,
} from '@/lib/social-login';

export interface SocialLoginDeps {
  getTwitterAccessToken: (callback: URLSearchParams) => Promise<XTokens>;
  twitterLogin: (body: XTokens) => Promise<SignInResponse>;
  twitterConnect: (body: XTokens) => Promise<User>;
  codeLogin: (provider: CodeProvider, body: SocialCode) => Promise<SignInResponse>;
  codeConnect: (provider: CodeProvider, body: SocialCode) => Promise<User>;
}

export type SocialLoginResult = { kind: 'signedIn'; user: User } | { kind: 'connected'; user: User };

/** The returned state did not match the stored one (SPEC §8). */
export class UnauthorizedLoginAttempt extends Error {
  constructor() {
    super('Error: Unauthorized login attempt');
    this.name = 'UnauthorizedLoginAttempt';
  }
}

/** Whether the page is the provider sending the user back (rather than someone opening /login/x). */
export const isSocialCallback = (provider: SocialProvider, params: URLSearchParams): boolean =>
  provider === 'twitter'
    ? params.has('oauth_verifier') || params.has('denied')
    : params.has('code') || params.has('error');

/**
 * SPEC §4: on return the state must match the stored one; then the token is exchanged and the login
 * call made — or, when connectSocial is set, the connect call, linking the account to the current user.
 */
export async function completeSocialLogin(
  provider: SocialProvider,
  params: URLSearchParams,
  redirectUri: string,
  deps: SocialLoginDeps,
): Promise<SocialLoginResult> {
  const connect = takeConnectSocial();
  // Read (and forgotten) before the state check, so a rejected return leaves nothing behind.
  const codeVerifier = takeCodeVerifier();
  if (!checkOAuthState(params.get('state'))) throw new UnauthorizedLoginAttempt();
  if (provider === 'twitter') {
    const tokens = await deps.getTwitterAccessToken(params);
    if (connect) return { kind: 'connected', user: await deps.twitterConnect(tokens) };
    return { kind: 'signedIn', user: (await deps.twitterLogin(tokens)).user };
  }
  const body: SocialCode = { code: params.get('code') ?? '', redirect_uri: redirectUri };
  // X OAuth 2.0 (PKCE): the verifier kept when the browser left proves this is the same sign-in.
  if (provider === 'twitter_oauth2' && codeVerifier !== undefined) body.code_verifier = codeVerifier;
  if (connect) return { kind: 'connected', user: await deps.codeConnect(provider, body) };
  return { kind: 'signedIn', user: (await deps.codeLogin(provider, body)).user };
}
