import type { TargetingPackage } from '@murmur/core/targeting';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { EngineHolder } from '../../engine/engine-holder';
import type { JobQueue } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { LiveStatusSource } from '../../engine/freshness';
import { createAudienceConfigsRepository } from './audience-configs.repository';
import { audienceConfigsRoutes } from './audience-configs.routes';
import {
  createAudienceConfigsService,
  type FindStoreAudience,
  type TeamAccess,
} from './audience-configs.service';
import { createAudienceInsightsService } from './audience-insights.service';
import { createAudiencePlansRepository } from './audience-plans.repository';
import { audiencePlansRoutes } from './audience-plans.routes';
import { createAudiencePlansService } from './audience-plans.service';
import { createAutocompleteService } from './autocomplete.service';
import { buildRoutes } from './build.routes';
import { findCategory, listCategories } from './categories.repository';
import { jobsRoutes } from './jobs.routes';

/** The audience API (docs/API-AUDIENCES.md): engine status, jobs, building, configs, insights, plans. */
export function createAudiencesModule(deps: {
  db: Db;
  clock: Clock;
  engine: EngineHolder;
  jobs: JobQueue;
  teamsService: TeamAccess;
  findStoreAudience?: FindStoreAudience;
  /** Told of every package sized through build-audience (the communities' "most searched"). */
  onBuild?: (pkg: TargetingPackage) => void;
  /** The team plan's cap on saved audiences (modules/billing). */
  savedAudienceLimit?: { assertCanSaveAudience(teamId: number): Promise<void> };
  /** The live log's consumer positions, for the engine status's freshness (none: `static`). */
  liveStatus?: LiveStatusSource;
}) {
  const { db, clock, engine, jobs } = deps;
  const repo = createAudienceConfigsRepository(db);
  const configsService = createAudienceConfigsService({
    repo,
    teamsService: deps.teamsService,
    engine,
    findCategory: (id) => findCategory(db, id),
    ...(deps.findStoreAudience && { findStoreAudience: deps.findStoreAudience }),
    ...(deps.onBuild && { onBuild: deps.onBuild }),
    ...(deps.savedAudienceLimit && { savedAudienceLimit: deps.savedAudienceLimit }),
    clock,
  });
  const insightsService = createAudienceInsightsService({
    repo,
    configs: configsService,
    engine,
    jobs,
    clock,
  });
  const plansService = createAudiencePlansService({
    repo: createAudiencePlansRepository(db),
    configsRepo: repo,
    clock,
  });
  return {
    configsService,
    /** The audience categories (seeded by migration 0001), which the store groups its audiences by. */
    listCategories: () => listCategories(db),
    async registerRoutes(app: FastifyInstance) {
      await app.register(jobsRoutes, { engine, jobs, ...(deps.liveStatus && { live: deps.liveStatus }) });
      await app.register(buildRoutes, {
        configsService,
        autocompleteService: createAutocompleteService({ engine }),
      });
      await app.register(audienceConfigsRoutes, { configsService, insightsService, jobs });
      await app.register(audiencePlansRoutes, { plansService });
    },
  };
}
