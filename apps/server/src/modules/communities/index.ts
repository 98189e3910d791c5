import type { FastifyInstance } from 'fastify';
import { communitiesRoutes } from './communities.routes';
import { createCommunitiesService, type CommunitiesServiceDeps } from './communities.service';
import { createCommunityCountsRepository } from './community-counts.repository';
import type { Db } from '../../db/database';

/** SPEC §7 communities: trending (membership growth on a live index) and most searched. */
export function createCommunitiesModule({
  db,
  ...deps
}: Omit<CommunitiesServiceDeps, 'counts'> & { db: Db }) {
  const communitiesService = createCommunitiesService({
    ...deps,
    counts: createCommunityCountsRepository(db),
  });
  return {
    communitiesService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(communitiesRoutes, { communitiesService });
    },
  };
}
