import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SANDBOX_DEV_CREDENTIALS, providerClients, type SandboxPluginOptions } from '../options';
import { acceptFormBodies } from '../shared/form-body';
import { registerFacebook } from './facebook';
import { registerGoogle } from './google';
import { IdTokenSigner } from './id-token';
import { registerLinkedIn } from './linkedin';
import { ProviderState } from './provider-spec';

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
  await app.register(
    // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async functions
    async (facebook) => {
      const state = new ProviderState(
        providerClients(options.facebook?.clients, dev.facebook, 'Murmur (sandbox)'),
        now,
      );
      acceptFormBodies(facebook);
      registerFacebook(facebook, net, state, (r) => urls(r, 'facebook').sandbox);
    },
    { prefix: '/facebook' },
  );
  await app.register(
    // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async functions
    async (google) => {
      const state = new ProviderState(
        providerClients(options.google?.clients, dev.google, 'Murmur (sandbox)'),
        now,
      );
      acceptFormBodies(google);
      registerGoogle(google, net, state, signer, (r) => urls(r, 'google'));
    },
    { prefix: '/google' },
  );
  await app.register(
    // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async functions
    async (linkedin) => {
      const state = new ProviderState(
        providerClients(options.linkedin?.clients, dev.linkedin, 'Murmur (sandbox)'),
        now,
      );
      acceptFormBodies(linkedin);
      registerLinkedIn(linkedin, net, state, signer, (r) => urls(r, 'linkedin'));
    },
    { prefix: '/linkedin' },
  );
}
