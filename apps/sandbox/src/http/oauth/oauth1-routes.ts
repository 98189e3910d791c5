import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomAlnum } from '../shared/tokens';
import { verifyOAuth1, type OAuth1Request } from './oauth1-verify';
import type { XAuthState } from './x-auth-state';

/** Request tokens live fifteen minutes: long enough to pick an account, short enough to expire. */
const REQUEST_TOKEN_MS = 15 * 60 * 1000;

/** X's v1.1-style failure for a bad OAuth 1.0a request; the reason goes in a header for developers. */
const notAuthenticated = (reply: FastifyReply, reason: string): FastifyReply =>
  reply
    .code(401)
    .header('x-sandbox-oauth-error', reason)
    .send({ errors: [{ code: 32, message: 'Could not authenticate you.' }] });

const formReply = (reply: FastifyReply, values: Record<string, string>): FastifyReply =>
  reply
    .header('content-type', 'application/x-www-form-urlencoded')
    .send(new URLSearchParams(values).toString());

/**
 * Whether X would accept this oauth_callback: one of the app's registered callback URLs, to which it
 * may add a query string of its own (X forbids queries in registered URLs and allows any in the
 * request), so the sandbox sends nobody anywhere else.
 */
function approvedCallback(callback: string, registered: string[]): boolean {
  const page = (url: string): string | null => {
    if (!URL.canParse(url)) return null;
    const { origin, pathname } = new URL(url);
    return origin + pathname;
  };
  const target = page(callback);
  return target !== null && registered.some((r) => page(r) === target);
}

/** POST /oauth/request_token and POST /oauth/access_token (RFC 5849 §2.1 and §2.3, X's variants). */
export function registerOAuth1Tokens(app: FastifyInstance, state: XAuthState): void {
  app.post('/oauth/request_token', (request, reply) => {
    const verified = verifyOAuth1(request, state, (token) => (token === undefined ? '' : null));
    if ('error' in verified) return notAuthenticated(reply, verified.error);
    const callback = verified.params.get('oauth_callback');
    if (!callback) return notAuthenticated(reply, 'oauth_callback is required');
    if (callback !== 'oob' && !approvedCallback(callback, verified.consumer.callbacks ?? [])) {
      return reply.code(403).send({
        errors: [{ code: 415, message: 'Callback URL not approved for this client application.' }],
      });
    }
    state.sweep();
    const token = randomAlnum(27);
    const secret = randomAlnum(32);
    state.requestTokens.set(token, {
      consumerKey: verified.consumer.key,
      secret,
      callback,
      expires: state.now() + REQUEST_TOKEN_MS,
    });
    return formReply(reply, {
      oauth_token: token,
      oauth_token_secret: secret,
      oauth_callback_confirmed: 'true',
    });
  });

  app.post('/oauth/access_token', (request, reply) => {
    const verified = verifyOAuth1(request, state, (token) => {
      const pending = token === undefined ? undefined : state.requestTokens.get(token);
      return pending && pending.expires >= state.now() ? pending.secret : null;
    });
    if ('error' in verified) return notAuthenticated(reply, verified.error);
    return exchange(reply, state, verified);
  });
}

function exchange(reply: FastifyReply, state: XAuthState, verified: OAuth1Request): FastifyReply {
  const pending = state.requestTokens.get(verified.token!)!;
  const verifier = verified.params.get('oauth_verifier');
  if (pending.consumerKey !== verified.consumer.key || !pending.verifier || verifier !== pending.verifier) {
    return reply
      .code(401)
      .type('text/plain')
      .send('Error processing your OAuth request: Invalid oauth_verifier parameter');
  }
  state.requestTokens.delete(verified.token!);
  const account = pending.account!;
  const userId = state.net.accounts.ids[account]!.toString();
  // X's access tokens start with the user's id.
  const token = `${userId}-${randomAlnum(40)}`;
  const secret = randomAlnum(45);
  state.oauth1Tokens.set(token, { app: pending.consumerKey, account, secret });
  return formReply(reply, {
    oauth_token: token,
    oauth_token_secret: secret,
    user_id: userId,
    screen_name: state.net.accounts.handles[account]!,
  });
}
