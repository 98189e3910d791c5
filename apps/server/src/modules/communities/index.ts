import type { FastifyInstance } from 'fastify';
import type { EngineHolder } from '../../engine/engine-holder';
import type { SearchCounter } from '../../lib/search-counter';
import { communitiesRoutes } from './communities.routes';
import { createCommunitiesService } from './communities.service';

/** SPEC §7 communities, with the most searched words. */
export function createCommunitiesModule(deps: { engine: EngineHolder; searches: SearchCounter }) {
  const communitiesService = createCommunitiesService(deps);
  return {
    communitiesService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(communitiesRoutes, { communitiesService });
    },
  };
}
