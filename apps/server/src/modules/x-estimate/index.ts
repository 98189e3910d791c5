import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { grantedAdAccountOf } from '../../db/granted-ad-account';
import { xEstimateRoutes } from './x-estimate.routes';
import { createXEstimateService, type XEstimateDeps } from './x-estimate.service';

/** X's audience estimate beside Murmur's: read on X with a team's granted ad account, else predicted. */
export function createXEstimateModule(deps: Omit<XEstimateDeps, 'grantOf'> & { db: Db }) {
  const { db, ...rest } = deps;
  const xEstimateService = createXEstimateService({
    ...rest,
    grantOf: (teamId, accountId) => grantedAdAccountOf(db, teamId, accountId),
  });
  return {
    xEstimateService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(xEstimateRoutes, { xEstimateService });
    },
  };
}
