import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountPicker, chosenAccount } from '../shared/account-picker';
import { html } from '../shared/html';
import { withParams } from '../shared/redirect';
import { randomToken } from '../shared/tokens';
import { challengeMethod, type ChallengeMethod } from './pkce';
import { X_SCOPES, parseScopes } from './x-scopes';
import type { XAuthState } from './x-auth-state';
import { invalidLinkPage, remember, rememberedAccount, xPage } from './x-session';

/** X's authorization codes are valid for thirty seconds. */
const CODE_MS = 30_000;
const CARRIED = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
  'scope',
];

interface Valid {
  clientName: string;
  redirectUri: string;
  state: string;
  scopes: string[];
  challenge: string;
  method: ChallengeMethod;
  carry: Record<string, string>;
}

type Checked = Valid | { page: string } | { redirect: string } | { refuse: object };

/** X's answer to a redirect_uri that is not one of the app's callback URLs (never redirected to). */
const REDIRECT_MISMATCH = {
  error: 'invalid_request',
  error_description: 'The redirect_uri does not match any callback URL registered for this app.',
};

/**
 * Checks an authorisation request (RFC 6749 §4.1.1 with PKCE). An unknown client is shown on a page
 * and a redirect URI that is not registered (exact match) gets X's 400 error body — redirecting
 * there would make the sandbox an open redirect; everything else goes back to the app as
 * ?error=…&state=…, as X does.
 */
function check(state: XAuthState, params: Record<string, string | undefined>): Checked {
  const client = state.clients.get(params.client_id ?? '');
  if (!client) return { page: 'Unknown client_id.' };
  const redirectUri = params.redirect_uri ?? '';
  if (!(client.redirectUris ?? []).includes(redirectUri)) return { refuse: REDIRECT_MISMATCH };
  const fail = (error: string, description: string): Checked => ({
    redirect: withParams(redirectUri, { error, error_description: description, state: params.state }),
  });
  if (params.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  const { scopes, unknown } = parseScopes(params.scope);
  if (unknown.length > 0 || scopes.length === 0)
    return fail('invalid_scope', `Invalid scope: ${unknown.join(' ') || '(none)'}`);
  const method = challengeMethod(params.code_challenge_method);
  if (!params.code_challenge || !method)
    return fail('invalid_request', 'code_challenge with method S256 or plain is required');
  if (!params.state) return fail('invalid_request', 'state is required');
  const carry = Object.fromEntries(CARRIED.flatMap((k) => (params[k] === undefined ? [] : [[k, params[k]]])));
  return {
    clientName: client.name ?? client.id,
    redirectUri,
    state: params.state,
    scopes,
    challenge: params.code_challenge,
    method,
    carry,
  };
}

/** GET/POST /i/oauth2/authorize: X's OAuth 2.0 consent page. */
export function registerOAuth2Authorize(app: FastifyInstance, state: XAuthState, cookiePath: string): void {
  app.get('/i/oauth2/authorize', (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const checked = check(state, query);
    if ('refuse' in checked) return reply.code(400).send(checked.refuse);
    if ('page' in checked) return invalidLinkPage(reply, checked.page);
    if ('redirect' in checked) return reply.redirect(checked.redirect);
    const body = html`<h1>${checked.clientName} wants to access your X account</h1>
      <h2>Things this app will be able to do</h2>
      <ul class="scopes">
        ${checked.scopes.map((s) => html`<li>${X_SCOPES[s]!}</li>`)}
      </ul>
      ${accountPicker({
        net: state.net,
        carry: checked.carry,
        query: query.q ?? '',
        remembered: rememberedAccount(state.net, request),
        allowLabel: 'Authorize app',
        denyLabel: 'Cancel',
      })}`;
    return reply.type('text/html; charset=utf-8').send(xPage('Authorize an application', body));
  });
  app.post('/i/oauth2/authorize', (request, reply) => decide(request, reply, state, cookiePath));
}

function decide(request: FastifyRequest, reply: FastifyReply, state: XAuthState, cookiePath: string) {
  const form = (request.body ?? {}) as Record<string, string>;
  // The decision form posts to the page's own URL, so parameters may come from either place.
  const params = { ...(request.query as Record<string, string>), ...form };
  const checked = check(state, params);
  if ('refuse' in checked) return reply.code(400).send(checked.refuse);
  if ('page' in checked) return invalidLinkPage(reply, checked.page);
  if ('redirect' in checked) return reply.redirect(checked.redirect);
  if (form.decision === 'deny')
    return reply.redirect(withParams(checked.redirectUri, { error: 'access_denied', state: checked.state }));
  const account = chosenAccount(state.net, form);
  if (account < 0) return invalidLinkPage(reply, 'Choose an account to sign in with.');
  remember(reply, state.net, account, cookiePath);
  state.sweep();
  const code = randomToken(36);
  state.codes.set(code, {
    app: params.client_id!,
    account,
    scopes: checked.scopes,
    redirectUri: checked.redirectUri,
    challenge: checked.challenge,
    method: checked.method,
    expires: state.now() + CODE_MS,
  });
  return reply.redirect(withParams(checked.redirectUri, { state: checked.state, code }));
}
