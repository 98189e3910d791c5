import type { FastifyInstance } from 'fastify';
import { communitiesRoutes } from './communities.routes';
import { createCommunitiesService, type CommunitiesServiceDeps } from './communities.service';

/** SPEC §7 communities: trending (membership growth on a live index) and most searched. */
export function createCommunitiesModule(deps: CommunitiesServiceDeps) {
  const communitiesService = createCommunitiesService(deps);
  return {
    communitiesService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(communitiesRoutes, { communitiesService });
    },
  };
}
