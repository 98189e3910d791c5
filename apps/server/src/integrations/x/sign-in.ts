import { createHash, randomBytes } from 'node:crypto';
import { toXError, XError } from './errors';
import type { XTransport } from './transport';

/** Who signed in with X (users/me). */
export interface XUser {
  id: string;
  username: string;
  name: string;
}

export type XSignIn = ReturnType<typeof createXSignIn>;

/** Signing in with X: OAuth 1.0a (request token, access token, users/me) and OAuth 2.0 with PKCE. */
export function createXSignIn(x: XTransport) {
  const { config } = x;
  const what = 'X sign-in';
  async function call<T>(step: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toXError(step, error);
    }
  }

  return {
    configured: x.configured,

    /** OAuth 1.0a step 1: a request token and the page the browser goes to. */
    requestToken(callback: string) {
      return call('request_token', async () => {
        const link = await x.app(what).generateAuthLink(callback, { linkMode: 'authenticate' });
        return {
          token: link.oauth_token,
          secret: link.oauth_token_secret,
          authorizeUrl: `${config.oauthUrl}authenticate?oauth_token=${encodeURIComponent(link.oauth_token)}`,
        };
      });
    },

    /** OAuth 1.0a step 3: the verifier from the callback for the user's access token. */
    accessToken(token: string, secret: string, verifier: string) {
      return call('access_token', async () => {
        const result = await x.user({ accessToken: token, accessSecret: secret }, what).login(verifier);
        return { accessToken: result.accessToken, accessSecret: result.accessSecret, userId: result.userId };
      });
    },

    /** The account an OAuth 1.0a user token belongs to (verifies the token). */
    me(accessToken: string, accessSecret: string): Promise<XUser> {
      return call('users/me', async () => {
        const { data } = await x.user({ accessToken, accessSecret }, what).v2.me();
        return { id: data.id, username: data.username, name: data.name };
      });
    },

    /** OAuth 2.0: the code from the authorisation page (PKCE) for the user behind it. */
    oauth2User(code: string, codeVerifier: string, redirectUri: string): Promise<XUser> {
      return call('oauth2/token', async () => {
        if (!config.clientId) throw new XError('X OAuth 2.0 is not configured (X_CLIENT_ID).', 0);
        const { client: user } = await x
          .oauth2(config.clientId, config.clientSecret)
          .loginWithOAuth2({ code, codeVerifier, redirectUri });
        const { data } = await user.v2.me();
        return { id: data.id, username: data.username, name: data.name };
      });
    },
  };
}

/** A PKCE pair (RFC 7636, S256) for X's OAuth 2.0 authorisation page. */
export function pkcePair(): { codeVerifier: string; codeChallenge: string } {
  const codeVerifier = randomBytes(48).toString('base64url');
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  return { codeVerifier, codeChallenge };
}
