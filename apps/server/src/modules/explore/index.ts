import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { EngineHolder } from '../../engine/engine-holder';
import type { JobQueue } from '../../jobs/jobs';
import { cataloguesRoutes } from '../catalogues/catalogues.routes';
import { createCataloguesService } from '../catalogues/catalogues.service';
import { communitiesRoutes } from '../communities/communities.routes';
import { createCommunitiesService } from '../communities/communities.service';
import { createSearchCounter } from '../communities/search-counter';
import { storeRoutes } from '../store/store.routes';
import { createStoreService } from '../store/store.service';
import { createAnalysisService } from './analysis.service';
import { exploreRoutes } from './explore.routes';
import { createExploreService } from './explore.service';

/**
 * The public, engine-backed side of the audience API (docs/API-AUDIENCES.md): catalogues, regions
 * and categories, the audience store, communities and the explore tools. They share one
 * SearchCounter, which build-audience may feed too (`searches.recordPackage`).
 */
export function createExploreModule(deps: { db: Db; engine: EngineHolder; jobs: JobQueue }) {
  const { db, engine, jobs } = deps;
  const searches = createSearchCounter();
  const storeService = createStoreService({ engine, db });
  return {
    searches,
    /** For audience-configs' `from_audience` (saving a store audience to My Audiences). */
    findStoreAudience: storeService.find,
    async registerRoutes(app: FastifyInstance) {
      await app.register(cataloguesRoutes, {
        cataloguesService: createCataloguesService({ engine, searches }),
      });
      await app.register(storeRoutes, { storeService });
      await app.register(communitiesRoutes, {
        communitiesService: createCommunitiesService({ engine, searches }),
      });
      await app.register(exploreRoutes, {
        exploreService: createExploreService({ engine, searches }),
        analysisService: createAnalysisService({ engine, jobs, searches }),
        jobs,
      });
    },
  };
}
