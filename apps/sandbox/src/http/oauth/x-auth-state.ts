import type { Network } from '../../network';
import {
  SANDBOX_DEV_CREDENTIALS,
  type OAuth1Consumer,
  type OAuth2Client,
  type SandboxCallbacks,
  type XOptions,
} from '../options';

export interface RequestToken {
  consumerKey: string;
  secret: string;
  callback: string;
  /** Wall-clock ms after which the token is refused. */
  expires: number;
  /** Set when the user approved: the verifier to present and the chosen account. */
  verifier?: string;
  account?: number;
}

export interface UserToken {
  /** The consumer key (OAuth 1.0a) or client id (OAuth 2.0) the token was issued to. */
  app: string;
  account: number;
}

export interface OAuth1AccessToken extends UserToken {
  secret: string;
}

export interface OAuth2Grant extends UserToken {
  scopes: string[];
}

export interface OAuth2AccessToken extends OAuth2Grant {
  expires: number;
}

export interface AuthorizationCode extends OAuth2Grant {
  redirectUri: string;
  challenge: string;
  method: 'S256' | 'plain';
  expires: number;
}

/**
 * Everything X's authorisation servers remember, in memory: apps (from the options or the dev
 * defaults) and the tokens issued to them. A restart forgets the issued tokens, as a sandbox may.
 */
export class XAuthState {
  readonly consumers: Map<string, OAuth1Consumer>;
  readonly clients: Map<string, OAuth2Client>;
  /** App-only Bearer token → the consumer key it belongs to ('' for configured ones). */
  readonly bearers = new Map<string, string>();
  readonly requestTokens = new Map<string, RequestToken>();
  readonly oauth1Tokens = new Map<string, OAuth1AccessToken>();
  readonly codes = new Map<string, AuthorizationCode>();
  readonly oauth2Tokens = new Map<string, OAuth2AccessToken>();
  readonly refreshTokens = new Map<string, OAuth2Grant>();
  /** "consumer account" pairs that approved an app once (Sign in with X skips the page for them). */
  readonly approvals = new Set<string>();
  private readonly nonces = new Map<string, number>();

  constructor(
    readonly net: Network,
    options: XOptions,
    readonly now: () => number,
    callbacks: Pick<SandboxCallbacks, 'x' | 'xOAuth2'>,
  ) {
    const dev = SANDBOX_DEV_CREDENTIALS.x;
    const name = 'Murmur (sandbox)';
    const consumers = options.consumers ?? [
      { key: dev.consumerKey, secret: dev.consumerSecret, name, callbacks: callbacks.x },
    ];
    this.consumers = new Map(consumers.map((c) => [c.key, c]));
    const clients = options.oauth2Clients ?? [
      { id: dev.clientId, secret: dev.clientSecret, name, redirectUris: callbacks.xOAuth2 },
    ];
    this.clients = new Map(clients.map((c) => [c.id, c]));
    for (const token of options.bearerTokens ?? [dev.bearerToken]) this.bearers.set(token, '');
  }

  /**
   * Remembers a nonce until its timestamp leaves the accepted window; false when it was used already
   * (RFC 5849 §3.3: a nonce is unique per timestamp, consumer and token).
   */
  useNonce(key: string, expiresMs: number): boolean {
    const now = this.now();
    if (this.nonces.size > 10_000)
      for (const [k, until] of this.nonces) if (until < now) this.nonces.delete(k);
    if ((this.nonces.get(key) ?? 0) >= now) return false;
    this.nonces.set(key, expiresMs);
    return true;
  }

  /** Drops expired entries now and then, so abandoned flows do not pile up. */
  sweep(): void {
    const now = this.now();
    for (const map of [this.requestTokens, this.codes, this.oauth2Tokens] as Map<
      string,
      { expires: number }
    >[])
      if (map.size > 1000) for (const [k, v] of map) if (v.expires < now) map.delete(k);
  }
}
