import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountPicker, chosenAccount } from '../shared/account-picker';
import { html } from '../shared/html';
import { withParams } from '../shared/redirect';
import { randomAlnum } from '../shared/tokens';
import type { RequestToken, XAuthState } from './x-auth-state';
import { invalidLinkPage, remember, rememberedAccount, xPage } from './x-session';

type Query = Record<string, string | undefined>;

/**
 * GET/POST /oauth/authorize and /oauth/authenticate: the page where a user picks a sandbox account
 * and approves the app, then returns to the app's callback with oauth_token and oauth_verifier.
 * /authenticate is "Sign in with X": an account that approved the app before, and is remembered by
 * cookie, goes straight back without the page. force_login=true always shows the full picker.
 */
export function registerOAuth1Authorize(app: FastifyInstance, state: XAuthState, cookiePath: string): void {
  for (const mode of ['authorize', 'authenticate'] as const) {
    app.get(`/oauth/${mode}`, (request, reply) => showPage(request, reply, state, mode));
    app.post(`/oauth/${mode}`, (request, reply) => decide(request, reply, state, cookiePath));
  }
}

function pendingToken(state: XAuthState, token: string | undefined): RequestToken | null {
  const pending = token ? state.requestTokens.get(token) : undefined;
  return pending && pending.expires >= state.now() && !pending.verifier ? pending : null;
}

function showPage(request: FastifyRequest, reply: FastifyReply, state: XAuthState, mode: string) {
  const query = request.query as Query;
  const pending = pendingToken(state, query.oauth_token);
  if (!pending) return invalidLinkPage(reply, 'The request token is missing, expired or already used.');
  const forceLogin = query.force_login === 'true' || query.force_login === '1';
  const remembered = forceLogin ? -1 : rememberedAccount(state.net, request);
  if (
    mode === 'authenticate' &&
    remembered >= 0 &&
    state.approvals.has(`${pending.consumerKey} ${remembered}`)
  ) {
    return approve(reply, state, query.oauth_token!, pending, remembered);
  }
  const appName = state.consumers.get(pending.consumerKey)?.name ?? 'This app';
  const carry: Record<string, string> = { oauth_token: query.oauth_token! };
  if (forceLogin) carry.force_login = 'true';
  const body = html`<h1>Authorize ${appName} to access your account?</h1>
    <p>
      This app will be able to read your posts, profile, followers and lists, follow and unfollow accounts,
      and manage your lists. It will not see your password.
    </p>
    ${accountPicker({
      net: state.net,
      carry,
      query: query.q ?? query.screen_name ?? '',
      remembered,
      allowLabel: 'Authorize app',
      denyLabel: 'Cancel',
    })}`;
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', consentPolicy(pending.callback))
    .send(xPage('Authorize an application', body));
}

/**
 * X's own page policy: the form posts here, and the answer redirects to the app's registered callback,
 * which may be another of the app's origins (the premium host); a form's redirect is bound by
 * form-action, so the callback's origin is named there.
 */
function consentPolicy(callback: string): string {
  const target = URL.canParse(callback) ? ` ${new URL(callback).origin}` : '';
  return `default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'${target}`;
}

function decide(request: FastifyRequest, reply: FastifyReply, state: XAuthState, cookiePath: string) {
  const form = (request.body ?? {}) as Record<string, string>;
  const token = form.oauth_token ?? (request.query as Query).oauth_token;
  const pending = pendingToken(state, token);
  if (!pending) return invalidLinkPage(reply, 'The request token is missing, expired or already used.');
  if (form.decision === 'deny') {
    state.requestTokens.delete(token!);
    if (pending.callback === 'oob')
      return reply
        .type('text/html; charset=utf-8')
        .send(xPage('Cancelled', html`<h1>You did not authorize the app</h1>`));
    return reply.redirect(withParams(pending.callback, { denied: token }));
  }
  const account = chosenAccount(state.net, form);
  if (account < 0) return invalidLinkPage(reply, 'Choose an account to sign in with.');
  remember(reply, state.net, account, cookiePath);
  return approve(reply, state, token!, pending, account);
}

function approve(
  reply: FastifyReply,
  state: XAuthState,
  token: string,
  pending: RequestToken,
  account: number,
) {
  pending.verifier = randomAlnum(32);
  pending.account = account;
  state.approvals.add(`${pending.consumerKey} ${account}`);
  if (pending.callback === 'oob') {
    // Out-of-band apps show a PIN the user types into the app.
    const body = html`<h1>Your PIN</h1>
      <p>Enter this PIN in the app to finish signing in:</p>
      <p><strong>${pending.verifier}</strong></p>`;
    return reply.type('text/html; charset=utf-8').send(xPage('PIN', body));
  }
  return reply.redirect(
    withParams(pending.callback, { oauth_token: token, oauth_verifier: pending.verifier }),
  );
}
