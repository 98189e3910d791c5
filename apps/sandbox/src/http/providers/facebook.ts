import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Network } from '../../network';
import { registerAuthorize } from './authorize';
import { providerIdentity } from './identity';
import { bearerOf, type ProviderSpec, type ProviderState } from './provider-spec';
import { registerToken } from './token';

/** SPEC §9: the permissions Murmur asks Facebook for. */
const SCOPES = {
  public_profile: 'Your name and profile picture',
  email: 'Your email address',
  ads_management: 'Manage your ads accounts',
  ads_read: 'Read your ads performance',
  pages_show_list: 'Show the list of Pages you manage',
};

const graphError = (reply: FastifyReply, status: number, code: number, message: string): FastifyReply =>
  reply.code(status).send({ error: { message, type: 'OAuthException', code, fbtrace_id: 'SandboxTrace' } });

const spec: ProviderSpec = {
  name: 'facebook',
  label: 'Facebook',
  // The Graph API is versioned in the path (/v19.0/dialog/oauth); unversioned paths work too.
  authorizePaths: ['/dialog/oauth', '/:version/dialog/oauth'],
  tokenPaths: ['/oauth/access_token', '/:version/oauth/access_token'],
  scopes: SCOPES,
  defaultScopes: ['public_profile'],
  invalidScope: (unknown) => ({
    error: 'invalid_scope',
    error_code: '100',
    error_description: `Invalid Scopes: ${unknown.join(', ')}`,
    error_reason: 'invalid_scope',
  }),
  redirectMismatch: {
    error: {
      message:
        "Can't Load URL: The domain of this URL isn't included in the app's domains. To be able to load this URL, add all domains and subdomains of your app to the App Domains field in your app settings.",
      type: 'OAuthException',
      code: 191,
      fbtrace_id: 'SandboxTrace',
    },
  },
  denied: {
    error: 'access_denied',
    error_code: '200',
    error_description: 'Permissions error',
    error_reason: 'user_denied',
  },
  tokenSeconds: 5_183_944, // about 60 days, what Facebook's long-lived tokens give
  tokenBody: (token) => ({ access_token: token, token_type: 'bearer', expires_in: 5_183_944 }),
  tokenError: (reply, kind, description) =>
    graphError(
      reply,
      400,
      kind === 'client' ? 1 : 100,
      kind === 'client'
        ? 'Error validating client secret.'
        : `Error validating verification code: ${description}`,
    ),
};

const FIELDS = ['id', 'name', 'email', 'first_name', 'last_name', 'short_name', 'picture'];

/** /facebook: dialog, token exchange and the Graph API's /me and /me/permissions. */
export function registerFacebook(
  app: FastifyInstance,
  net: Network,
  state: ProviderState,
  sandboxUrl: (request: FastifyRequest) => string,
): void {
  registerAuthorize(app, net, spec, state);
  registerToken(app, spec, state, () => '');
  for (const prefix of ['', '/:version']) {
    app.get(`${prefix}/me`, (request, reply) => {
      const grant = state.grant(bearerOf(request.headers, request.query));
      if (!grant)
        return graphError(reply, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
      const fields = ((request.query as Record<string, string>).fields ?? 'id,name')
        .split(',')
        .filter(Boolean);
      const unknown = fields.find((f) => !FIELDS.includes(f));
      if (unknown)
        return graphError(
          reply,
          400,
          100,
          `(#100) Tried accessing nonexisting field (${unknown}) on node type (User)`,
        );
      const who = providerIdentity(net, grant.account, 'facebook', sandboxUrl(request));
      const values: Record<string, unknown> = {
        id: who.id,
        name: who.name,
        first_name: who.givenName,
        last_name: who.familyName,
        short_name: who.givenName,
        picture: { data: { height: 50, width: 50, is_silhouette: false, url: who.picture } },
      };
      // Without the email permission, Graph leaves the field out instead of failing.
      if (grant.scopes.includes('email')) values.email = who.email;
      return reply.send(
        Object.fromEntries(['id', ...fields].filter((f) => f in values).map((f) => [f, values[f]])),
      );
    });
    app.get(`${prefix}/me/permissions`, (request, reply) => {
      const grant = state.grant(bearerOf(request.headers, request.query));
      if (!grant)
        return graphError(reply, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
      return reply.send({ data: grant.scopes.map((permission) => ({ permission, status: 'granted' })) });
    });
  }
}
