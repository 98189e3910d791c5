import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Network } from '../../network';
import { accountPicker, chosenAccount } from '../shared/account-picker';
import { html, page } from '../shared/html';
import { withParams } from '../shared/redirect';
import { randomToken } from '../shared/tokens';
import type { ProviderSpec, ProviderState } from './provider-spec';

/** Authorization codes live ten minutes, the longest the three providers allow. */
const CODE_MS = 10 * 60 * 1000;
const CARRIED = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'nonce',
];

type Params = Record<string, string | undefined>;
type Checked =
  | { clientName: string; redirectUri: string; scopes: string[]; carry: Record<string, string> }
  | { page: string }
  | { redirect: string }
  | { refuse: object };

function check(spec: ProviderSpec, state: ProviderState, params: Params): Checked {
  const client = state.clients.get(params.client_id ?? '');
  if (!client) return { page: `Invalid client_id for ${spec.label}.` };
  const redirectUri = params.redirect_uri ?? '';
  // Only the client's registered redirect URIs (exact match): anything else would be an open redirect.
  if (!(client.redirectUris ?? []).includes(redirectUri)) return { refuse: spec.redirectMismatch };
  const back = (extra: Record<string, string>): Checked => ({
    redirect: withParams(redirectUri, { ...extra, state: params.state }),
  });
  if ((params.response_type ?? 'code') !== 'code')
    return back({ error: 'unsupported_response_type', error_description: 'response_type must be code' });
  const requested = [...new Set((params.scope ?? '').split(/[\s,]+/).filter(Boolean))];
  const unknown = requested.filter((s) => !(s in spec.scopes));
  if (unknown.length > 0) return back(spec.invalidScope(unknown));
  const carry = Object.fromEntries(CARRIED.flatMap((k) => (params[k] === undefined ? [] : [[k, params[k]]])));
  return {
    clientName: client.name ?? client.id,
    redirectUri,
    scopes: requested.length > 0 ? requested : spec.defaultScopes,
    carry,
  };
}

/**
 * The provider's consent page at each of its authorisation paths: pick the sandbox person who signs
 * in, approve, and go back to the app with ?code=…&state=… (or the provider's error parameters).
 */
export function registerAuthorize(
  app: FastifyInstance,
  net: Network,
  spec: ProviderSpec,
  state: ProviderState,
): void {
  const show = (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Params;
    const checked = check(spec, state, query);
    if ('refuse' in checked) return reply.code(400).send(checked.refuse);
    if ('page' in checked) return errorPage(reply, spec, checked.page);
    if ('redirect' in checked) return reply.redirect(checked.redirect);
    const body = html`<h1>Continue to ${checked.clientName} with ${spec.label}</h1>
      <p>${checked.clientName} is requesting access to:</p>
      <ul class="scopes">
        ${checked.scopes.map((s) => html`<li>${spec.scopes[s] ?? s}</li>`)}
      </ul>
      ${accountPicker({ net, carry: checked.carry, query: query.q ?? '', allowLabel: 'Continue', denyLabel: 'Cancel' })}`;
    return reply.type('text/html; charset=utf-8').send(page(`Sign in – ${spec.label} (sandbox)`, body));
  };

  const decide = (request: FastifyRequest, reply: FastifyReply) => {
    const form = (request.body ?? {}) as Params;
    // The decision form posts to the page's own URL, so parameters may come from either place.
    const params = { ...(request.query as Params), ...form };
    const checked = check(spec, state, params);
    if ('refuse' in checked) return reply.code(400).send(checked.refuse);
    if ('page' in checked) return errorPage(reply, spec, checked.page);
    if ('redirect' in checked) return reply.redirect(checked.redirect);
    if (form.decision === 'deny')
      return reply.redirect(withParams(checked.redirectUri, { ...spec.denied, state: params.state }));
    const account = chosenAccount(net, form as Record<string, string>);
    if (account < 0) return errorPage(reply, spec, 'Choose a person to sign in as.');
    const code = randomToken(32);
    for (const [k, v] of state.codes) if (v.expires < state.now()) state.codes.delete(k);
    state.codes.set(code, {
      clientId: params.client_id!,
      account,
      scopes: checked.scopes,
      redirectUri: checked.redirectUri,
      expires: state.now() + CODE_MS,
      challenge: params.code_challenge,
      challengeMethod: params.code_challenge_method,
      nonce: params.nonce,
    });
    return reply.redirect(withParams(checked.redirectUri, { code, state: params.state }));
  };

  for (const path of spec.authorizePaths) {
    app.get(path, show);
    app.post(path, decide);
  }
}

function errorPage(reply: FastifyReply, spec: ProviderSpec, message: string): FastifyReply {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(
      page(
        `Error – ${spec.label} (sandbox)`,
        html`<h1>Something went wrong</h1>
          <p class="error" role="alert">${message}</p>`,
      ),
    );
}
