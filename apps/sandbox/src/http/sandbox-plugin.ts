import type { FastifyPluginAsync } from 'fastify';
import { exportHeader } from '../export/ndjson-export';
import type { Network } from '../network';
import { registerExportRoute } from './export-route';

export interface SandboxPluginOptions {
  network: Network;
}

/**
 * The sandbox network's HTTP surface as one Fastify plugin, so the server can mount it under
 * /sandbox beside its own API (`app.register(createSandboxPlugin({ network }), { prefix: '/sandbox' })`).
 * The X API v2, Ads API and OAuth routes join here later.
 */
export function createSandboxPlugin(options: SandboxPluginOptions): FastifyPluginAsync {
  const { network } = options;
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async functions
  return async (app) => {
    app.get('/', (_request, reply) => reply.send(exportHeader(network)));
    registerExportRoute(app, network);
  };
}
