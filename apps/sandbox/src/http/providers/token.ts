import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { challengeMethod, verifierMatches } from '../oauth/pkce';
import { authenticClient, presentedClient } from '../shared/client-auth';
import { randomToken } from '../shared/tokens';
import type { IdTokenSigner } from './id-token';
import type { ProviderCode, ProviderGrant, ProviderSpec, ProviderState } from './provider-spec';

type Params = Record<string, string | undefined>;

/**
 * The code-for-token exchange at each token path (GET with query parameters, as the Graph API
 * allows, or POST with a form): client authentication, single-use code, same redirect_uri, PKCE
 * when the authorisation request had a challenge.
 */
export function registerToken(
  app: FastifyInstance,
  spec: ProviderSpec,
  state: ProviderState,
  idToken: (code: Parameters<ProviderSpec['tokenBody']>[1], request: FastifyRequest) => string,
): void {
  const exchange = (request: FastifyRequest, reply: FastifyReply) => {
    const params = { ...(request.query as Params), ...((request.body ?? {}) as Params) };
    const client = authenticClient(state.clients, presentedClient(request, params));
    if (!client) return spec.tokenError(reply, 'client', 'Client authentication failed');
    if ((params.grant_type ?? 'authorization_code') !== 'authorization_code')
      return spec.tokenError(reply, 'grant', 'Unsupported grant_type');
    const code = state.codes.get(params.code ?? '');
    state.codes.delete(params.code ?? '');
    if (!code || code.expires < state.now() || code.clientId !== client.id)
      return spec.tokenError(reply, 'grant', 'Invalid or expired authorization code');
    if (params.redirect_uri !== code.redirectUri)
      return spec.tokenError(reply, 'grant', 'redirect_uri does not match the authorization request');
    if (code.challenge) {
      const method = challengeMethod(code.challengeMethod);
      if (!method || !verifierMatches(params.code_verifier, code.challenge, method))
        return spec.tokenError(reply, 'grant', 'Invalid code_verifier');
    }
    const token = randomToken(40);
    state.tokens.set(token, { ...code, expires: state.now() + spec.tokenSeconds * 1000 });
    return reply
      .header('cache-control', 'no-store')
      .send(spec.tokenBody(token, code, () => idToken(code, request)));
  };
  for (const path of spec.tokenPaths) {
    app.get(path, exchange);
    app.post(path, exchange);
  }
}

/**
 * An OpenID Connect provider's token response (Google, LinkedIn): a Bearer token living `seconds`,
 * the granted scope as the provider spells it, and the id_token for grants that include `openid`.
 */
export const openIdTokenBody =
  (seconds: number, scope: (scopes: string[]) => string): ProviderSpec['tokenBody'] =>
  (token, code, idToken) => ({
    access_token: token,
    expires_in: seconds,
    scope: scope(code.scopes),
    token_type: 'Bearer',
    ...(code.scopes.includes('openid') ? { id_token: idToken() } : {}),
  });

/** Where a provider is served: its own URL (the id_token issuer) and the sandbox's (for avatars). */
export type ProviderUrls = (request: FastifyRequest) => { self: string; sandbox: string };

/** The identity claims a grant's scopes release (OpenID Connect userinfo and id_token alike). */
export type ProviderClaims = (grant: ProviderGrant, sandboxUrl: string) => Record<string, unknown>;

/**
 * The token endpoint of an OpenID Connect provider (Google, LinkedIn): as `registerToken`, with an
 * RS256 id_token (issuer, audience, the grant's claims, an hour's lifetime, the nonce when the
 * authorisation request had one) for grants that include `openid`. `extra` adds provider claims.
 */
export function registerOpenIdToken(
  app: FastifyInstance,
  spec: ProviderSpec,
  state: ProviderState,
  signer: IdTokenSigner,
  urls: ProviderUrls,
  claims: ProviderClaims,
  extra: (code: ProviderCode) => Record<string, unknown> = () => ({}),
): void {
  registerToken(app, spec, state, (code, request) => {
    const now = Math.floor(state.now() / 1000);
    const { self, sandbox } = urls(request);
    return signer.sign({
      iss: self,
      ...extra(code),
      aud: code.clientId,
      ...claims(code, sandbox),
      iat: now,
      exp: now + 3600,
      ...(code.nonce ? { nonce: code.nonce } : {}),
    });
  });
}
