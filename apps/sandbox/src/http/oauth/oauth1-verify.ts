import type { FastifyRequest } from 'fastify';
import type { OAuth1Consumer } from '../options';
import { formPairs } from '../shared/form-body';
import {
  baseStringUri,
  hmacSha1,
  parseOAuthHeader,
  sameSignature,
  signatureBaseString,
} from './oauth1-signature';
import type { XAuthState } from './x-auth-state';

/** How far a request's oauth_timestamp may be from our clock (X allows about five minutes). */
const WINDOW_SECONDS = 300;

export interface OAuth1Request {
  consumer: OAuth1Consumer;
  /** oauth_token, when the request carries one. */
  token: string | undefined;
  /** Every protocol and request parameter by name (the last one wins). */
  params: Map<string, string>;
}

export type OAuth1Result = OAuth1Request | { error: string };

/**
 * Verifies an HMAC-SHA1 signed request (RFC 5849 §3.2): protocol parameters from the Authorization
 * header, or else from the form body or query; timestamp within the window; nonce never seen for
 * that timestamp; signature over the request as this server received it. `tokenSecret` returns the
 * secret of the presented oauth_token for this stage, or null when the token is not valid here.
 */
export function verifyOAuth1(
  request: FastifyRequest,
  state: XAuthState,
  tokenSecret: (token: string | undefined) => string | null,
): OAuth1Result {
  const query = [...new URLSearchParams(request.url.split('?')[1] ?? '')];
  const body = formPairs(request);
  const header = parseOAuthHeader(request.headers.authorization);
  const protocol = header ?? [...body, ...query].filter(([name]) => name.startsWith('oauth_'));
  const oauth = new Map(protocol);
  const consumer = state.consumers.get(oauth.get('oauth_consumer_key') ?? '');
  if (!consumer) return { error: 'unknown oauth_consumer_key' };
  if (oauth.get('oauth_signature_method') !== 'HMAC-SHA1')
    return { error: 'oauth_signature_method must be HMAC-SHA1' };
  const version = oauth.get('oauth_version');
  if (version !== undefined && version !== '1.0') return { error: 'oauth_version must be 1.0' };
  const timestamp = Number(oauth.get('oauth_timestamp'));
  const nonce = oauth.get('oauth_nonce');
  const signature = oauth.get('oauth_signature');
  if (!Number.isInteger(timestamp) || !nonce || !signature) return { error: 'missing oauth parameters' };
  if (Math.abs(state.now() / 1000 - timestamp) > WINDOW_SECONDS)
    return { error: 'oauth_timestamp out of range' };
  const token = oauth.get('oauth_token');
  const secret = tokenSecret(token);
  if (secret === null) return { error: 'invalid or expired oauth_token' };
  // A pair sent both in the header and in the body (twitter-api-v2 repeats oauth_token when it
  // exchanges the verifier) is signed once, as the clients that do this sign it.
  const seen = new Set([...query, ...body].map(([n, v]) => `${n}=${v}`));
  const params = [...query, ...body, ...(header ?? []).filter(([n, v]) => !seen.has(`${n}=${v}`))];
  const base = signatureBaseString(
    request.method,
    baseStringUri(request.protocol, request.host, request.url),
    params,
  );
  if (!sameSignature(hmacSha1(base, consumer.secret, secret), signature))
    return { error: 'invalid signature' };
  // Only a correctly signed request spends its nonce, so nobody can burn another client's nonces.
  const nonceKey = [consumer.key, token ?? '', timestamp, nonce].join('\n');
  if (!state.useNonce(nonceKey, (timestamp + WINDOW_SECONDS) * 1000))
    return { error: 'oauth_nonce already used' };
  return { consumer, token, params: new Map(params) };
}
