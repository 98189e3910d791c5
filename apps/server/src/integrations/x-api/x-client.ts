import { createHash, randomBytes } from 'node:crypto';
import { sandboxClientSettings } from '@murmur/sandbox';
import { TwitterApi, type TwitterApiTokens } from 'twitter-api-v2';
import type { XConfig } from '../../config';

/** The real X API's hosts; X_API_URL on any other host is a sandbox mounted at `…/x/2/`'s grandparent. */
const REAL_X_HOSTS: ReadonlySet<string> = new Set(['api.x.com', 'api.twitter.com']);

/**
 * The sandbox base the library's X host names are rewritten to, or undefined for the real X — told by
 * host name, so `https://api.x.com/2`, `…/2/` and `https://api.twitter.com/2/` are all the real X.
 */
export function sandboxBaseFor(apiUrl: string): string | undefined {
  let host: string;
  try {
    host = new URL(apiUrl).hostname.toLowerCase();
  } catch {
    host = '';
  }
  if (REAL_X_HOSTS.has(host)) return undefined;
  return apiUrl.replace(/\/x\/2\/?$/, '').replace(/\/+$/, '');
}

/** Who signed in with X (users/me). */
export interface XUser {
  id: string;
  username: string;
  name: string;
}

/** X refused or could not be reached; `reason` is for the log, never for the client. */
export class XApiError extends Error {
  constructor(
    message: string,
    readonly unreachable = false,
  ) {
    super(message);
  }
}

export type XClient = ReturnType<typeof createXClient>;

/**
 * twitter-api-v2 with the hosts from configuration: against the sandbox the library's X host names
 * are rewritten by `sandboxClientSettings`, against X nothing changes.
 */
export function createXClient(config: XConfig) {
  const sandboxBase = sandboxBaseFor(config.apiUrl);
  const settings = sandboxBase ? sandboxClientSettings(sandboxBase) : {};

  function consumer(): { appKey: string; appSecret: string } {
    if (!config.consumerKey || !config.consumerSecret)
      throw new XApiError('X sign-in is not configured (X_CONSUMER_KEY, X_CONSUMER_SECRET)');
    return { appKey: config.consumerKey, appSecret: config.consumerSecret };
  }
  const client = (tokens: TwitterApiTokens) => new TwitterApi(tokens, settings);

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof XApiError) throw error;
      const code = (error as { code?: unknown }).code;
      const unreachable = typeof code === 'string' && /^E[A-Z]+/.test(code);
      throw new XApiError(`${what}: ${error instanceof Error ? error.message : String(error)}`, unreachable);
    }
  }

  return {
    configured: () => Boolean(config.consumerKey && config.consumerSecret),

    /** OAuth 1.0a step 1: a request token and the page the browser goes to. */
    requestToken(callback: string) {
      return call('request_token', async () => {
        const link = await client(consumer()).generateAuthLink(callback, { linkMode: 'authenticate' });
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
        const result = await client({ ...consumer(), accessToken: token, accessSecret: secret }).login(
          verifier,
        );
        return { accessToken: result.accessToken, accessSecret: result.accessSecret, userId: result.userId };
      });
    },

    /** The account an OAuth 1.0a user token belongs to (verifies the token). */
    me(accessToken: string, accessSecret: string): Promise<XUser> {
      return call('users/me', async () => {
        const { data } = await client({ ...consumer(), accessToken, accessSecret }).v2.me();
        return { id: data.id, username: data.username, name: data.name };
      });
    },

    /** OAuth 2.0: the code from the authorisation page (PKCE) for the user behind it. */
    oauth2User(code: string, codeVerifier: string, redirectUri: string): Promise<XUser> {
      return call('oauth2/token', async () => {
        if (!config.clientId) throw new XApiError('X OAuth 2.0 is not configured (X_CLIENT_ID)');
        const app = new TwitterApi(
          { clientId: config.clientId, ...(config.clientSecret && { clientSecret: config.clientSecret }) },
          settings,
        );
        const { client: user } = await app.loginWithOAuth2({ code, codeVerifier, redirectUri });
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
