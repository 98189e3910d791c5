import type { FastifyInstance } from 'fastify';
import { presentedClient } from '../shared/client-auth';
import { randomAlnum } from '../shared/tokens';
import type { XAuthState } from './x-auth-state';

/**
 * POST /oauth2/token (grant_type=client_credentials, Basic consumer key:secret) mints the app's
 * Bearer token, one per app as on X; POST /oauth2/invalidate_token retires it.
 */
export function registerAppOnlyTokens(app: FastifyInstance, state: XAuthState): void {
  const consumerOf = (request: Parameters<typeof presentedClient>[0]) => {
    const { id, secret, basic } = presentedClient(request, {});
    const consumer = state.consumers.get(id ?? '');
    return basic && consumer && consumer.secret === secret ? consumer : null;
  };
  const forbidden = {
    errors: [{ code: 99, label: 'authenticity_token_error', message: 'Unable to verify your credentials' }],
  };

  app.post('/oauth2/token', (request, reply) => {
    const consumer = consumerOf(request);
    const body = (request.body ?? {}) as Record<string, string>;
    if (!consumer || body.grant_type !== 'client_credentials') return reply.code(403).send(forbidden);
    let token = [...state.bearers].find(([, owner]) => owner === consumer.key)?.[0];
    if (!token) {
      token = `AAAAAAAAAAAAAAAAAAAAA${randomAlnum(80)}`;
      state.bearers.set(token, consumer.key);
    }
    return reply.send({ token_type: 'bearer', access_token: token });
  });

  app.post('/oauth2/invalidate_token', (request, reply) => {
    const consumer = consumerOf(request);
    const token = ((request.body ?? {}) as Record<string, string>).access_token ?? '';
    if (!consumer || state.bearers.get(token) !== consumer.key) return reply.code(403).send(forbidden);
    state.bearers.delete(token);
    return reply.send({ access_token: token });
  });
}
