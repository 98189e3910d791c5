import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Network } from '../../network';
import { registerAuthorize } from './authorize';
import type { IdTokenSigner } from './id-token';
import { openIdClaims, providerIdentity } from './identity';
import { bearerOf, type ProviderSpec, type ProviderState } from './provider-spec';
import { openIdTokenBody, registerOpenIdToken, type ProviderUrls } from './token';

/** SPEC §9: email, ads, organisation and member posting, basic and lite profile, ads reporting (+ OpenID). */
const SCOPES = {
  openid: 'Use your name and photo',
  profile: 'Use your name and photo',
  email: 'Use the primary email address associated with your LinkedIn account',
  r_emailaddress: 'Use the primary email address associated with your LinkedIn account',
  r_liteprofile: 'Use your name and photo',
  r_basicprofile: 'Use your basic profile including your name, photo, headline, and public profile URL',
  r_ads: 'Retrieve your advertising accounts',
  rw_ads: 'Manage your advertising accounts',
  r_ads_reporting: 'Retrieve reporting for your advertising accounts',
  w_member_social: 'Create, modify, and delete posts, comments, and reactions on your behalf',
  w_organization_social:
    'Create, modify, and delete posts, comments, and reactions on your organization’s behalf',
};

const spec: ProviderSpec = {
  name: 'linkedin',
  label: 'LinkedIn',
  authorizePaths: ['/oauth/v2/authorization'],
  tokenPaths: ['/oauth/v2/accessToken'],
  scopes: SCOPES,
  defaultScopes: ['r_liteprofile'],
  invalidScope: (unknown) => ({
    error: 'unauthorized_scope_error',
    error_description: `Scope "${unknown[0]}" is not authorized for your application`,
  }),
  redirectMismatch: {
    error: 'invalid_redirect_uri',
    error_description: 'The redirect_uri does not match the registered value',
  },
  denied: { error: 'user_cancelled_authorize', error_description: 'The user cancelled the authorization' },
  tokenSeconds: 5_184_000,
  tokenBody: openIdTokenBody(5_184_000, (scopes) => scopes.join(',')),
  tokenError: (reply, kind, description) =>
    kind === 'client'
      ? reply.code(401).send({ error: 'invalid_client', error_description: 'Client authentication failed' })
      : reply.code(400).send({ error: 'invalid_request', error_description: description }),
};

const unauthorized = { serviceErrorCode: 65600, message: 'Invalid access token', status: 401 };

function userinfo(
  net: Network,
  grant: { account: number; scopes: string[] },
  sandboxUrl: string,
): Record<string, unknown> {
  const who = providerIdentity(net, grant.account, 'linkedin', sandboxUrl);
  const { scopes } = grant;
  const locale = { country: 'US', language: who.language };
  return openIdClaims(who, { profile: scopes.includes('profile'), email: scopes.includes('email') }, locale);
}

/** /linkedin: authorisation page, token endpoint, OpenID /v2/userinfo and the older /v2/me and /v2/emailAddress. */
export function registerLinkedIn(
  app: FastifyInstance,
  net: Network,
  state: ProviderState,
  signer: IdTokenSigner,
  urls: ProviderUrls,
): void {
  registerAuthorize(app, net, spec, state);
  registerOpenIdToken(app, spec, state, signer, urls, (grant, sandbox) => userinfo(net, grant, sandbox));
  const granted = (request: FastifyRequest, any: string[]) => {
    const grant = state.grant(bearerOf(request.headers, {}));
    return grant && any.some((s) => grant.scopes.includes(s)) ? grant : null;
  };
  app.get('/v2/userinfo', (request, reply) => {
    const grant = granted(request, ['openid']);
    return grant
      ? reply.send(userinfo(net, grant, urls(request).sandbox))
      : reply.code(401).send(unauthorized);
  });
  app.get('/v2/me', (request, reply) => {
    const grant = granted(request, ['r_liteprofile', 'r_basicprofile', 'profile']);
    if (!grant) return reply.code(401).send(unauthorized);
    const who = providerIdentity(net, grant.account, 'linkedin', urls(request).sandbox);
    return reply.send({ id: who.id, localizedFirstName: who.givenName, localizedLastName: who.familyName });
  });
  app.get('/v2/emailAddress', (request, reply) => {
    const grant = granted(request, ['r_emailaddress', 'email']);
    if (!grant) return reply.code(401).send(unauthorized);
    const { email } = providerIdentity(net, grant.account, 'linkedin', urls(request).sandbox);
    return reply.send({
      elements: [{ handle: 'urn:li:emailAddress:1', 'handle~': { emailAddress: email } }],
    });
  });
}
