import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { grantedAdAccountOf } from '../../db/granted-ad-account';
import { uploadedAudiences } from '../../db/schema';
import { xEstimateRoutes } from './x-estimate.routes';
import { createXEstimateService, type XEstimateDeps } from './x-estimate.service';

/** X's audience estimate beside Murmur's: read on X with a team's granted ad account, else predicted. */
export function createXEstimateModule(deps: Omit<XEstimateDeps, 'grantOf' | 'excludedOnX'> & { db: Db }) {
  const { db, ...rest } = deps;
  const xEstimateService = createXEstimateService({
    ...rest,
    grantOf: (teamId, accountId) => grantedAdAccountOf(db, teamId, accountId),
    async excludedOnX(teamId, accountId, configIds) {
      if (configIds.length === 0) return new Map();
      const rows = await db
        .select({ configId: uploadedAudiences.audienceConfigId, id: uploadedAudiences.customAudienceId })
        .from(uploadedAudiences)
        .where(
          and(
            eq(uploadedAudiences.teamId, teamId),
            eq(uploadedAudiences.accountId, accountId),
            eq(uploadedAudiences.targetable, true),
            inArray(uploadedAudiences.audienceConfigId, [...configIds]),
          ),
        );
      return new Map(rows.map((r) => [r.configId, r.id]));
    },
  });
  return {
    xEstimateService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(xEstimateRoutes, { xEstimateService });
    },
  };
}
