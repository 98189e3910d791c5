import type { FastifyInstance } from 'fastify';
import type { Network } from '../../network';
import { registerAuthorize } from './authorize';
import type { IdTokenSigner } from './id-token';
import { openIdClaims, providerIdentity } from './identity';
import { bearerOf, type ProviderSpec, type ProviderState } from './provider-spec';
import { openIdTokenBody, registerOpenIdToken, type ProviderUrls } from './token';

const EMAIL = 'https://www.googleapis.com/auth/userinfo.email';
const PROFILE = 'https://www.googleapis.com/auth/userinfo.profile';

/** SPEC §9 / Google sign-in: openid email profile, also in their long URL forms. */
const SCOPES = {
  openid: 'Associate you with your personal info on Google',
  email: 'See your primary Google Account email address',
  profile: 'See your personal info, including any personal info you’ve made publicly available',
  [EMAIL]: 'See your primary Google Account email address',
  [PROFILE]: 'See your personal info, including any personal info you’ve made publicly available',
};

const has = (scopes: string[], short: string, long: string): boolean =>
  scopes.includes(short) || scopes.includes(long);

/** Google reports email and profile by their URL names in the token response. */
const grantedScope = (scopes: string[]): string =>
  [
    ...(scopes.includes('openid') ? ['openid'] : []),
    ...(has(scopes, 'email', EMAIL) ? [EMAIL] : []),
    ...(has(scopes, 'profile', PROFILE) ? [PROFILE] : []),
  ].join(' ');

const spec: ProviderSpec = {
  name: 'google',
  label: 'Google',
  authorizePaths: ['/o/oauth2/v2/auth', '/o/oauth2/auth'],
  tokenPaths: ['/token', '/o/oauth2/token'],
  scopes: SCOPES,
  defaultScopes: ['openid'],
  invalidScope: (unknown) => ({
    error: 'invalid_scope',
    error_description: `Some requested scopes were invalid. {invalid=[${unknown.join(', ')}]}`,
  }),
  redirectMismatch: {
    error: 'redirect_uri_mismatch',
    error_description:
      'The redirect URI in the request does not match the ones authorized for the OAuth client.',
  },
  denied: { error: 'access_denied' },
  tokenSeconds: 3599,
  tokenBody: openIdTokenBody(3599, grantedScope),
  tokenError: (reply, kind) =>
    kind === 'client'
      ? reply.code(401).send({ error: 'invalid_client', error_description: 'Unauthorized' })
      : reply.code(400).send({ error: 'invalid_grant', error_description: 'Bad Request' }),
};

/** OpenID Connect claims for the scopes granted (profile: name and picture; email: the address). */
function claims(
  net: Network,
  grant: { account: number; scopes: string[] },
  sandboxUrl: string,
): Record<string, unknown> {
  const who = providerIdentity(net, grant.account, 'google', sandboxUrl);
  const profile = has(grant.scopes, 'profile', PROFILE);
  return openIdClaims(who, { profile, email: has(grant.scopes, 'email', EMAIL) }, who.language);
}

/** /google: consent page, token endpoint, userinfo, OpenID discovery and signing keys. */
export function registerGoogle(
  app: FastifyInstance,
  net: Network,
  state: ProviderState,
  signer: IdTokenSigner,
  urls: ProviderUrls,
): void {
  registerAuthorize(app, net, spec, state);
  registerOpenIdToken(
    app,
    spec,
    state,
    signer,
    urls,
    (grant, sandbox) => claims(net, grant, sandbox),
    (code) => ({
      azp: code.clientId,
    }),
  );
  for (const path of ['/v1/userinfo', '/oauth2/v3/userinfo']) {
    app.get(path, (request, reply) => {
      const grant = state.grant(bearerOf(request.headers, request.query));
      if (!grant)
        return reply.code(401).send({ error: 'invalid_request', error_description: 'Invalid Credentials' });
      return reply.send(claims(net, grant, urls(request).sandbox));
    });
  }
  app.get('/oauth2/v3/certs', (_request, reply) => reply.send(signer.jwks()));
  app.get('/.well-known/openid-configuration', (request, reply) => {
    const { self } = urls(request);
    return reply.send({
      issuer: self,
      authorization_endpoint: `${self}/o/oauth2/v2/auth`,
      token_endpoint: `${self}/token`,
      userinfo_endpoint: `${self}/v1/userinfo`,
      jwks_uri: `${self}/oauth2/v3/certs`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      code_challenge_methods_supported: ['plain', 'S256'],
    });
  });
}
