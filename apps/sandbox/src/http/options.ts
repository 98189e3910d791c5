import type { ClockSettings } from '../config';
import type { StreamOptions } from './x-v2/streams';
import type { Network } from '../network';
import type { StripeStandInOptions } from '../stripe';

/** An X app's OAuth 1.0a consumer. `callbacks` lists the only accepted oauth_callback URLs ('oob' aside). */
export interface OAuth1Consumer {
  key: string;
  secret: string;
  name?: string;
  callbacks?: string[];
}

/** An OAuth 2.0 client. Without `secret` it is a public client (PKCE only, like X's native apps). */
export interface OAuth2Client {
  id: string;
  secret?: string;
  name?: string;
  /** Accepted redirect_uri values (exact match); none when omitted, so no stand-in is an open redirect. */
  redirectUris?: string[];
}

export interface XOptions {
  consumers?: OAuth1Consumer[];
  /** App-only Bearer tokens accepted by the X API (more can be minted with POST /x/oauth2/token). */
  bearerTokens?: string[];
  oauth2Clients?: OAuth2Client[];
  /** Requests per token per endpoint per window, by endpoint ("GET /2/users/:id/followers"). */
  rateLimits?: Partial<Record<string, number>>;
  /** Length of a rate-limit window in seconds (X: 15 minutes). */
  rateLimitWindowSeconds?: number;
}

export interface SandboxPluginOptions {
  /**
   * The running clock (SANDBOX_CLOCK_SPEED, SANDBOX_CLOCK_STEP_SECONDS; config.ts clockFromEnv).
   * Without it simulated time moves only on POST /simulate/advance.
   */
  clock?: ClockSettings;
  /** X's streams: keep-alive interval (X: 20 s) and connections per app and stream (X: 1–2). */
  streams?: StreamOptions;
  network: Network;
  x?: XOptions;
  facebook?: { clients?: OAuth2Client[] };
  google?: { clients?: OAuth2Client[] };
  linkedin?: { clients?: OAuth2Client[] };
  /** The payment stand-in's secret key and webhook endpoint (STRIPE_DEV_KEYS, no webhook when omitted). */
  stripe?: StripeStandInOptions;
  /** Callback URLs registered for the development clients; DEFAULT_CALLBACKS when omitted. */
  callbacks?: SandboxCallbacks;
  /**
   * Wall-clock milliseconds. OAuth timestamps, code and token lifetimes and rate-limit windows run on
   * real time (they guard real requests), unlike the network's simulated clock. Tests move it.
   */
  now?: () => number;
}

/** The development credentials live in core: the server's development config reads them too. */
export { SANDBOX_DEV_CREDENTIALS } from '@murmur/core/dev-credentials';

/**
 * The callback URLs registered for the development clients (SANDBOX_DEV_CREDENTIALS), compared
 * exactly as X and Google do: a stand-in sends the browser nowhere else.
 */
export interface SandboxCallbacks {
  /** X OAuth 1.0a `oauth_callback` pages, without query (X lets the request add one; 'oob' always works). */
  x: string[];
  /** X OAuth 2.0 `redirect_uri` values. */
  xOAuth2: string[];
  facebook: string[];
  google: string[];
  linkedin: string[];
}

/** Without configured callbacks: a Murmur server at its default address (http://localhost:3000/login/{provider}). */
export const DEFAULT_CALLBACKS: SandboxCallbacks = {
  x: ['http://localhost:3000/login/twitter'],
  xOAuth2: ['http://localhost:3000/login/twitter_oauth2'],
  facebook: ['http://localhost:3000/login/facebook'],
  google: ['http://localhost:3000/login/google'],
  linkedin: ['http://localhost:3000/login/linkedin'],
};

/** A provider's clients from the options, or the dev default with its registered callbacks. */
export const providerClients = (
  clients: OAuth2Client[] | undefined,
  fallback: { clientId: string; clientSecret: string },
  name: string,
  redirectUris: string[],
): OAuth2Client[] =>
  clients ?? [{ id: fallback.clientId, secret: fallback.clientSecret, name, redirectUris }];
