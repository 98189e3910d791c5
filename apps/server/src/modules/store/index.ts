import type { FastifyInstance } from 'fastify';
import type { EngineHolder } from '../../engine/engine-holder';
import { storeRoutes } from './store.routes';
import { createStoreService } from './store.service';

/** SPEC §7 the audience store: ready-made audiences by category. */
export function createStoreModule(deps: Parameters<typeof createStoreService>[0] & { engine: EngineHolder }) {
  const storeService = createStoreService(deps);
  return {
    storeService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(storeRoutes, { storeService });
    },
  };
}
