import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_CALLBACKS,
  SANDBOX_DEV_CREDENTIALS,
  providerClients,
  type SandboxPluginOptions,
} from '../options';
import { acceptFormBodies } from '../shared/form-body';
import { registerFacebook } from './facebook';
import { registerGoogle } from './google';
import { IdTokenSigner } from './id-token';
import { registerLinkedIn } from './linkedin';
import { ProviderState } from './provider-spec';
import type { ProviderUrls } from './token';

/**
 * Stand-ins for Facebook, Google and LinkedIn sign-in under /facebook, /google and /linkedin, with
 * clients from the options or the dev defaults. Each provider keeps its own codes and tokens.
 */
export async function registerProviders(
  app: FastifyInstance,
  options: SandboxPluginOptions,
  now: () => number,
): Promise<void> {
  const { network: net } = options;
  const dev = SANDBOX_DEV_CREDENTIALS;
  const sandboxPath = app.prefix;
  const urls = (request: FastifyRequest, name: string) => {
    const sandbox = `${request.protocol}://${request.host}${sandboxPath}`;
    return { self: `${sandbox}/${name}`, sandbox };
  };
  const signer = new IdTokenSigner();
  const mount = async (
    name: 'facebook' | 'google' | 'linkedin',
    register: (scope: FastifyInstance, state: ProviderState, urls: ProviderUrls) => void,
  ) =>
    app.register(
      // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async functions
      async (scope) => {
        const callbacks = (options.callbacks ?? DEFAULT_CALLBACKS)[name];
        const clients = providerClients(options[name]?.clients, dev[name], 'Murmur (sandbox)', callbacks);
        acceptFormBodies(scope);
        register(scope, new ProviderState(clients, now), (r) => urls(r, name));
      },
      { prefix: `/${name}` },
    );
  await mount('facebook', (scope, state, at) => registerFacebook(scope, net, state, (r) => at(r).sandbox));
  await mount('google', (scope, state, at) => registerGoogle(scope, net, state, signer, at));
  await mount('linkedin', (scope, state, at) => registerLinkedIn(scope, net, state, signer, at));
}
