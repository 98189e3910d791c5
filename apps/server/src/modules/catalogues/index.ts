import type { FastifyInstance } from 'fastify';
import type { EngineHolder } from '../../engine/engine-holder';
import type { SearchCounter } from '../../lib/search-counter';
import { cataloguesRoutes } from './catalogues.routes';
import { createCataloguesService } from './catalogues.service';

/** SPEC §7 targeting catalogues (X's, @murmur/core/x-catalogue) searched against the engine. */
export function createCataloguesModule(deps: { engine: EngineHolder; searches: SearchCounter }) {
  const cataloguesService = createCataloguesService(deps);
  return {
    cataloguesService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(cataloguesRoutes, { cataloguesService });
    },
  };
}
