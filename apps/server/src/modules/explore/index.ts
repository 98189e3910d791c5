import type { FastifyInstance } from 'fastify';
import type { EngineHolder } from '../../engine/engine-holder';
import type { JobQueue } from '../../jobs/jobs';
import type { SearchCounter } from '../../lib/search-counter';
import { createAnalysisService } from './analysis.service';
import { exploreRoutes } from './explore.routes';
import { createExploreService } from './explore.service';

/** The explore tools (docs/API-AUDIENCES.md "Explore"); they feed the shared SearchCounter. */
export function createExploreModule(deps: { engine: EngineHolder; jobs: JobQueue; searches: SearchCounter }) {
  const { engine, jobs, searches } = deps;
  return {
    async registerRoutes(app: FastifyInstance) {
      await app.register(exploreRoutes, {
        exploreService: createExploreService({ engine, searches }),
        analysisService: createAnalysisService({ engine, jobs, searches }),
        jobs,
      });
    },
  };
}
