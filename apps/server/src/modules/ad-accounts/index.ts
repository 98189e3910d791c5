import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { XAdsClient } from '../../integrations/x';
import type { Clock } from '../../lib/clock';
import { createXAdAccountsRepository } from './ad-accounts.repository';
import { adAccountsRoutes } from './ad-accounts.routes';
import { createXAdAccountsService } from './ad-accounts.service';

/**
 * The user's X ad accounts through X's Ads API, and the user's X token they are read with: kept
 * sealed here, and lent to the other modules that act on X (`tokensOf`, `guard`).
 */
export function createAdAccountsModule(deps: {
  db: Db;
  ads: XAdsClient;
  secret: string;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const adAccountsService = createXAdAccountsService({
    repo: createXAdAccountsRepository(deps.db),
    ads: deps.ads,
    secret: deps.secret,
    clock: deps.clock,
    log: deps.log,
  });
  return {
    adAccountsService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(adAccountsRoutes, { adAccountsService });
    },
  };
}
