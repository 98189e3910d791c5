import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { createMeasurementRepository } from './measurement.repository';
import { measurementRoutes } from './measurement.routes';
import { createMeasurementService } from './measurement.service';

type MeasurementDeps = Parameters<typeof createMeasurementService>[0];

/** SPEC §7 has-pixel, web-events, app-events, account-apps: a team's granted X ad account on X. */
export function createMeasurementModule(deps: Omit<MeasurementDeps, 'repo'> & { db: Db }) {
  const measurementService = createMeasurementService({
    repo: createMeasurementRepository(deps.db),
    teams: deps.teams,
    tokensOf: deps.tokensOf,
    ads: deps.ads,
    guard: deps.guard,
  });
  return {
    measurementService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(measurementRoutes, { measurementService });
    },
  };
}
