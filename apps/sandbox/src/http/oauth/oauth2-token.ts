import type { FastifyInstance, FastifyReply } from 'fastify';
import { authenticClient, presentedClient } from '../shared/client-auth';
import { randomToken } from '../shared/tokens';
import { verifierMatches } from './pkce';
import type { OAuth2Grant, XAuthState } from './x-auth-state';

/** X's user access tokens live two hours; refresh tokens (offline.access) until used or revoked. */
const ACCESS_SECONDS = 7200;

type Body = Record<string, string | undefined>;

const invalid = (reply: FastifyReply, description: string, error = 'invalid_request'): FastifyReply =>
  reply.code(400).send({ error, error_description: description });

/** POST /2/oauth2/token (authorization_code with PKCE, refresh_token) and POST /2/oauth2/revoke. */
export function registerOAuth2Token(app: FastifyInstance, state: XAuthState): void {
  app.post('/2/oauth2/token', (request, reply) => {
    // Accepts forms (the OAuth standard) and JSON (what twitter-api-v2 sends to X's own host).
    const body = (request.body ?? {}) as Body;
    const client = authenticClient(state.clients, presentedClient(request, body));
    if (!client)
      return reply
        .code(401)
        .send({ error: 'unauthorized_client', error_description: 'Missing valid authorization header' });
    if (body.grant_type === 'authorization_code') {
      const code = state.codes.get(body.code ?? '');
      state.codes.delete(body.code ?? ''); // single use, even when the exchange fails
      if (!code || code.expires < state.now() || code.app !== client.id)
        return invalid(reply, 'Value passed for the authorization code was invalid.');
      if (body.redirect_uri !== code.redirectUri)
        return invalid(
          reply,
          'Value passed for the redirect uri did not match the uri of the authorization code.',
        );
      if (!verifierMatches(body.code_verifier, code.challenge, code.method))
        return invalid(reply, 'Value passed for the code verifier did not match the code challenge.');
      return issue(reply, state, code);
    }
    if (body.grant_type === 'refresh_token') {
      const grant = state.refreshTokens.get(body.refresh_token ?? '');
      if (!grant || grant.app !== client.id) return invalid(reply, 'Value passed for the token was invalid.');
      state.refreshTokens.delete(body.refresh_token!); // rotation: each refresh token works once
      return issue(reply, state, grant);
    }
    return invalid(reply, 'Value passed for the grant type was invalid.', 'unsupported_grant_type');
  });

  app.post('/2/oauth2/revoke', (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const client = authenticClient(state.clients, presentedClient(request, body));
    if (!client)
      return reply
        .code(401)
        .send({ error: 'unauthorized_client', error_description: 'Missing valid authorization header' });
    const token = body.token ?? '';
    for (const map of [state.oauth2Tokens, state.refreshTokens] as Map<string, OAuth2Grant>[])
      if (map.get(token)?.app === client.id) map.delete(token);
    return reply.send({ revoked: true });
  });
}

function issue(reply: FastifyReply, state: XAuthState, grant: OAuth2Grant): FastifyReply {
  const { app, account, scopes } = grant;
  const accessToken = randomToken(48);
  state.oauth2Tokens.set(accessToken, { app, account, scopes, expires: state.now() + ACCESS_SECONDS * 1000 });
  const response: Record<string, string | number> = {
    token_type: 'bearer',
    expires_in: ACCESS_SECONDS,
    access_token: accessToken,
    scope: scopes.join(' '),
  };
  if (scopes.includes('offline.access')) {
    const refreshToken = randomToken(48);
    state.refreshTokens.set(refreshToken, { app, account, scopes });
    response.refresh_token = refreshToken;
  }
  return reply.header('cache-control', 'no-store').send(response);
}
