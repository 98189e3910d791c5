import type { FastifyRequest } from 'fastify';
import type { Authenticate } from './ads';
import type { XAuthState } from './oauth/x-auth-state';
import { authenticate } from './x-v2/auth';

/**
 * Who an Ads API request acts for: an X user signed in through the sandbox's OAuth (1.0a signed
 * requests, as X's Ads API requires, or OAuth 2.0 user tokens), else the Ads API's own sandbox
 * Bearer tokens. App-only tokens act for nobody.
 */
export function xUserAuthenticate(state: XAuthState, fallback: Authenticate): Authenticate {
  return (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
    if (!/^OAuth\s/i.test(header) && !state.oauth2Tokens.has(bearer)) return fallback(request);
    try {
      const caller = authenticate(request, state);
      return caller.kind === 'user'
        ? { userId: state.net.accounts.ids[caller.account]!.toString() }
        : undefined;
    } catch {
      return undefined;
    }
  };
}
