import { Agent } from 'node:http';
import { sandboxRedirectPlugin } from '@murmur/core/x-hosts';
import { TwitterApi } from 'twitter-api-v2';
import type { XConfig } from '../../config';
import { notConfigured } from './errors';

/** A user's OAuth 1.0a token for X: every user-context call (API v2 and Ads API) is signed with it. */
export interface XUserTokens {
  accessToken: string;
  accessSecret: string;
}

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

export type XTransport = ReturnType<typeof createXTransport>;

/**
 * twitter-api-v2 with the hosts and the app's keys from configuration, built in this one place:
 * against a sandbox the library's X host names are rewritten (@murmur/core/x-hosts) and http:// gets
 * the agent the library needs; against X nothing changes.
 */
export function createXTransport(config: XConfig) {
  const base = sandboxBaseFor(config.apiUrl);
  const settings = base
    ? {
        plugins: [sandboxRedirectPlugin(base)],
        ...(base.startsWith('http:') && { httpAgent: new Agent({ keepAlive: true }) }),
      }
    : {};

  function consumer(what?: string): { appKey: string; appSecret: string } {
    if (!config.consumerKey || !config.consumerSecret) throw notConfigured(what);
    return { appKey: config.consumerKey, appSecret: config.consumerSecret };
  }

  return {
    config,
    configured: () => Boolean(config.consumerKey && config.consumerSecret),
    /** The app alone (OAuth 1.0a request tokens); `what` names the feature in the not-configured error. */
    app: (what?: string) => new TwitterApi(consumer(what), settings),
    /** The app signing for one user (OAuth 1.0a user context). */
    user: (tokens: XUserTokens, what?: string) =>
      new TwitterApi(
        { ...consumer(what), accessToken: tokens.accessToken, accessSecret: tokens.accessSecret },
        settings,
      ),
    /** The OAuth 2.0 client (X_CLIENT_ID), for the PKCE sign-in. */
    oauth2: (clientId: string, clientSecret: string | undefined) =>
      new TwitterApi({ clientId, ...(clientSecret && { clientSecret }) }, settings),
  };
}
