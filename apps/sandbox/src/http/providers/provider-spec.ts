import type { FastifyReply } from 'fastify';
import type { OAuth2Client } from '../options';
import type { ProviderName } from './identity';

/** A grant the provider issued: who, to which client, with which scopes. */
export interface ProviderGrant {
  clientId: string;
  account: number;
  scopes: string[];
}

export interface ProviderCode extends ProviderGrant {
  redirectUri: string;
  expires: number;
  challenge?: string;
  challengeMethod?: string;
  nonce?: string;
}

export interface ProviderToken extends ProviderGrant {
  expires: number;
}

/** What differs between Facebook, Google and LinkedIn in the authorisation code flow. */
export interface ProviderSpec {
  name: ProviderName;
  label: string;
  authorizePaths: string[];
  tokenPaths: string[];
  /** Known scopes with the wording of the consent page. */
  scopes: Readonly<Record<string, string>>;
  /** Scopes granted when the request names none. */
  defaultScopes: string[];
  /** Query parameters of the error redirect for unknown scopes. */
  invalidScope(unknown: string[]): Record<string, string>;
  /** The 400 body for a redirect_uri that is not registered for the client (never redirected to). */
  redirectMismatch: object;
  /** Query parameters of the redirect when the person cancels. */
  denied: Record<string, string>;
  /** The token endpoint's success body. */
  tokenBody(token: string, grant: ProviderCode, idToken: () => string): object;
  /** The token endpoint's failure, in the provider's shape. */
  tokenError(reply: FastifyReply, kind: 'client' | 'grant', description: string): FastifyReply;
  /** Seconds an access token lives. */
  tokenSeconds: number;
}

/** Codes, tokens and clients of one provider, in memory. */
export class ProviderState {
  readonly codes = new Map<string, ProviderCode>();
  readonly tokens = new Map<string, ProviderToken>();
  readonly clients: Map<string, OAuth2Client>;

  constructor(
    clients: OAuth2Client[],
    readonly now: () => number,
  ) {
    this.clients = new Map(clients.map((c) => [c.id, c]));
  }

  /** The live grant behind an access token, or null. */
  grant(token: string | undefined): ProviderToken | null {
    const found = token ? this.tokens.get(token) : undefined;
    return found && found.expires >= this.now() ? found : null;
  }
}

/** Bearer token from the Authorization header, or the access_token query parameter (Graph API style). */
export function bearerOf(headers: { authorization?: string }, query: unknown): string | undefined {
  const header = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  return header ?? (query as Record<string, string | undefined>).access_token;
}
