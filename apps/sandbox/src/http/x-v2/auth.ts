import type { FastifyRequest } from 'fastify';
import { verifyOAuth1 } from '../oauth/oauth1-verify';
import type { XAuthState } from '../oauth/x-auth-state';
import { forbidden, unauthorized, unsupportedAuthentication } from './problems';

/** Who is calling: an app with its Bearer token, or a user through an app (OAuth 1.0a or 2.0). */
export type Caller =
  | { kind: 'app'; key: string }
  | {
      kind: 'user';
      /** Rate-limit identity: X counts user-context requests per user and app. */
      key: string;
      account: number;
      /** OAuth 2.0 scopes; null for OAuth 1.0a, whose tokens carry the app's full access. */
      scopes: readonly string[] | null;
    };

/** What an endpoint accepts, from X's OpenAPI `security`: app-only or not, and OAuth 2.0 scopes. */
export interface AuthRule {
  appOnly: boolean;
  scopes: readonly string[];
}

/** Identifies the caller from the Authorization header or answers 401 like X. */
export function authenticate(request: FastifyRequest, state: XAuthState): Caller {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  if (bearer) {
    if (state.bearers.has(bearer)) return { kind: 'app', key: `app ${bearer}` };
    const token = state.oauth2Tokens.get(bearer);
    if (token && token.expires >= state.now())
      return {
        kind: 'user',
        key: `${token.app} ${token.account}`,
        account: token.account,
        scopes: token.scopes,
      };
    throw unauthorized();
  }
  if (/^OAuth\s/i.test(header)) {
    const verified = verifyOAuth1(request, state, (t) =>
      t ? (state.oauth1Tokens.get(t)?.secret ?? null) : null,
    );
    if ('error' in verified) throw unauthorized();
    const token = state.oauth1Tokens.get(verified.token!)!;
    if (token.app !== verified.consumer.key) throw unauthorized();
    return { kind: 'user', key: `${token.app} ${token.account}`, account: token.account, scopes: null };
  }
  throw unauthorized();
}

export function authorize(caller: Caller, rule: AuthRule): void {
  if (caller.kind === 'app') {
    if (!rule.appOnly) throw unsupportedAuthentication();
    return;
  }
  const missing = caller.scopes ? rule.scopes.filter((s) => !caller.scopes!.includes(s)) : [];
  if (missing.length > 0) throw forbidden(`Missing OAuth 2.0 scopes: ${missing.join(', ')}`);
}
