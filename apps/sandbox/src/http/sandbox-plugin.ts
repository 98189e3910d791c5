import type { FastifyPluginAsync } from 'fastify';
import { sandboxClock } from '../ads/platform';
import { exportHeader } from '../export/ndjson-export';
import { LiveClock } from '../simulate/live-clock';
import { createStripeStandIn } from '../stripe';
import { adsApiPlugin, bearerAuthenticate } from './ads';
import { adsManagerPlugin } from './ads-manager/ads-manager';
import { xUserAuthenticate } from './ads-authenticate';
import { registerExportRoute } from './export-route';
import { registerSimulateRoute } from './simulate-route';
import { XAuthState } from './oauth/x-auth-state';
import { DEFAULT_CALLBACKS, type SandboxPluginOptions } from './options';
import { registerProviders } from './providers';
import { xSurface } from './x-surface';

export type { SandboxPluginOptions } from './options';

/**
 * The sandbox network's HTTP surface as one Fastify plugin, so the server can mount it under
 * /sandbox beside its own API (`app.register(createSandboxPlugin({ network }), { prefix: '/sandbox' })`).
 * Routes are relative: /export, /x/2/… (X API v2), /x/oauth/… and /x/i/oauth2/… (X's OAuth),
 * /facebook/…, /google/…, /linkedin/… (sign-in stand-ins), /ads/12/… (Ads API v12) and /stripe/…
 * (the payment stand-in: /stripe/v1/… for the Stripe SDK, hosted checkout and invoice pages).
 * Each child plugin parses form bodies in its own scope, so none clashes with another's parser.
 */
export function createSandboxPlugin(options: SandboxPluginOptions): FastifyPluginAsync {
  const { network } = options;
  const now = options.now ?? Date.now;
  // One X authorisation server: tokens issued by /x/oauth… are accepted by the X API and the Ads API.
  const xAuth = new XAuthState(network, options.x ?? {}, now, options.callbacks ?? DEFAULT_CALLBACKS);
  return async (app) => {
    const clock = new LiveClock(network, options.clock ?? { speed: 0, stepSeconds: 1 });
    clock.start();
    app.addHook('onClose', () => clock.stop());
    app.get('/', (_request, reply) => reply.send(exportHeader(network)));
    registerExportRoute(app, network);
    registerSimulateRoute(app, network);
    await app.register(xSurface(xAuth, options.x ?? {}, options.streams), { prefix: '/x' });
    await registerProviders(app, options, now);
    await app.register(
      adsApiPlugin({ network, authenticate: xUserAuthenticate(xAuth, bearerAuthenticate(network)) }),
      { prefix: '/ads/12' },
    );
    // A stand-in for X Ads Manager (its pages work through the Ads API above).
    await app.register(adsManagerPlugin(network), { prefix: '/ads-manager' });
    // Payments run on the network's simulated clock (moved further by /stripe/v1/test_helpers/advance),
    // anchored at today's date: the simulated history may start earlier, invoices should not.
    const simulated = sandboxClock(network);
    const from = simulated();
    const wall = Math.floor(now() / 1000);
    const stripe = createStripeStandIn({ now: () => wall + simulated() - from, ...options.stripe });
    await app.register(stripe.plugin, { prefix: '/stripe' });
  };
}
