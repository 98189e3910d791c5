import type { CodeChallenge, CodeProvider, PublicProvider, XRequestToken } from '@murmur/core/api';
import { request } from './request';
import { saveReturnPath, session, storageKeys } from './storage';

/**
 * SPEC §4 social login, the part shared by the sign-in screen and Manage account (features may not
 * import each other): store a state value, send the browser to the provider, check the state on return.
 */
export type SocialProvider = 'twitter' | CodeProvider;

/** The authorization-code providers (everything but X's OAuth 1.0a): listed by GET /api/auth/providers/. */
export type { CodeProvider } from '@murmur/core/api';

export const SOCIAL_PROVIDERS: readonly SocialProvider[] = [
  'twitter',
  'twitter_oauth2',
  'google',
  'facebook',
  'linkedin',
];

export const isSocialProvider = (value: string | undefined): value is SocialProvider =>
  (SOCIAL_PROVIDERS as readonly (string | undefined)[]).includes(value);

/** SPEC §4: how long the page may take to navigate to the provider before an error is shown. */
export const SOCIAL_REDIRECT_TIMEOUT_MS = 20_000;

/** SPEC §8: the text shown when the returned state does not match the stored one. */
export const UNAUTHORIZED_LOGIN_ATTEMPT = 'Error: Unauthorized login attempt';

export type { PublicProvider } from '@murmur/core/api';

/** GET /api/auth/providers/ — the code-flow providers the browser can start. */
export const getProviders = (): Promise<PublicProvider[]> => request.get('/api/auth/providers/');

/** GET /rest-auth/twitter/request_token/ — step 1 of sign in with X (OAuth 1.0a). */
export const requestTwitterToken = (oauthCallback: string): Promise<XRequestToken> =>
  request.get('/rest-auth/twitter/request_token/', { query: { oauth_callback: oauthCallback } });

/** GET /rest-auth/twitter_oauth2_challenge/code-challenge/ — a PKCE pair for X OAuth 2.0. */
export const getTwitterCodeChallenge = (): Promise<CodeChallenge> =>
  request.get('/rest-auth/twitter_oauth2_challenge/code-challenge/');

/** X OAuth 2.0's PKCE verifier, kept for the code exchange on return; reading it forgets it. */
export const takeCodeVerifier = (): string | undefined => {
  const verifier = session.get(storageKeys.oauthCodeVerifier);
  session.remove(storageKeys.oauthCodeVerifier);
  return verifier ?? undefined;
};

/** A 32-bit random number, as a decimal string. */
export const newOAuthState = (): string => crypto.getRandomValues(new Uint32Array(1))[0]!.toString();

/** The state is used once: reading it for the check also forgets it. */
export const checkOAuthState = (returned: string | null): boolean => {
  const stored = session.get(storageKeys.oauthState);
  session.remove(storageKeys.oauthState);
  return stored !== null && returned !== null && returned === stored;
};

/** Reads and forgets the connectSocial flag: true when the return should link, not sign in. */
export const takeConnectSocial = (): boolean => {
  const connect = session.get(storageKeys.connectSocial) === 'true';
  session.remove(storageKeys.connectSocial);
  return connect;
};

export const socialRedirectUri = (provider: SocialProvider, origin = window.location.origin): string =>
  `${origin}/login/${provider}`;

export interface StartSocialLoginDeps {
  origin: string;
  assign: (url: string) => void;
}

const browser = (): StartSocialLoginDeps => ({
  origin: window.location.origin,
  assign: (url) => window.location.assign(url),
});

/**
 * Stores the state (and the connectSocial flag when linking) and sends the browser to the provider.
 * Resolves once the navigation was asked for; the caller shows the waiting state and the timeout.
 */
export async function startSocialLogin(
  provider: SocialProvider,
  options: { connect?: boolean } = {},
  deps: StartSocialLoginDeps = browser(),
): Promise<void> {
  const state = newOAuthState();
  session.set(storageKeys.oauthState, state);
  if (options.connect === true) {
    session.set(storageKeys.connectSocial, 'true');
    saveReturnPath(window.location.pathname);
  } else {
    session.remove(storageKeys.connectSocial);
  }
  if (provider === 'twitter') {
    const callback = `${socialRedirectUri('twitter', deps.origin)}?state=${state}`;
    const { authorize_url } = await requestTwitterToken(callback);
    // SPEC §7: the authorisation page gets oauth_token (in authorize_url) and oauth_callback,
    // plus force_login=true when linking.
    const page = new URL(authorize_url);
    page.searchParams.set('oauth_callback', callback);
    if (options.connect === true) page.searchParams.set('force_login', 'true');
    deps.assign(page.toString());
    return;
  }
  const found = (await getProviders()).find((p) => p.provider === provider);
  if (found === undefined) throw new Error(`Signing in with ${provider} is not available.`);
  const query: Record<string, string> = {
    client_id: found.client_id,
    redirect_uri: socialRedirectUri(provider, deps.origin),
    response_type: 'code',
    scope: found.scopes.join(' '),
    state,
  };
  session.remove(storageKeys.oauthCodeVerifier);
  if (provider === 'twitter_oauth2') {
    // PKCE: the challenge goes to X, the verifier stays in this tab for the exchange on return.
    const pair = await getTwitterCodeChallenge();
    session.set(storageKeys.oauthCodeVerifier, pair.code_verifier);
    query.code_challenge = pair.code_challenge;
    query.code_challenge_method = pair.code_challenge_method;
  }
  const url = new URL(found.authorize_url);
  url.search = new URLSearchParams(query).toString();
  deps.assign(url.toString());
}
