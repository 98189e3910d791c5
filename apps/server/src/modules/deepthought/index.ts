import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import type { XUserApi } from '../../integrations/x';
import type { Clock } from '../../lib/clock';
import { createReadCache } from '../../lib/read-cache';
import { createDeepThoughtRepository } from './deepthought.repository';
import { deepThoughtRoutes } from './deepthought.routes';
import { createDeepThoughtService, type PremiumCheck } from './deepthought.service';
import { premiumCheck, requirePremium } from './premium-gate';
import { openAiPhraser, type TalkPhraser } from './talk-model';

/** Every table the followers and following pages read (repository/connections.ts, accounts.ts). */
const PAGE_TABLES = ['dt_accounts', 'dt_users', 'dt_spans'] as const;

/**
 * Deep Thought (SPEC §7 analytics tool): the user's own X accounts through X's API v2 with their
 * tokens, durable sync and follow jobs (resumed at start-up), analyses, lists and Talk to X.
 * config.talkModel (TALK_MODEL_URL, TALK_MODEL, TALK_MODEL_KEY) names an optional OpenAI-compatible
 * endpoint that only rephrases Talk to X's answers.
 */
export function createDeepThoughtModule(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  log: FastifyInstance['log'];
  /** X API v2 in the user's own context (integrations/x). */
  xUsers: XUserApi;
  premium?: PremiumCheck;
  phraser?: TalkPhraser;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Committed writes heard from every process: the followers pages are then answered from memory. */
  changeFeed?: ChangeFeed | undefined;
}) {
  const talkModel = deps.config.talkModel;
  const premium = deps.premium ?? premiumCheck(deps.db);
  const service = createDeepThoughtService({
    repository: createDeepThoughtRepository(deps.db),
    xApi: deps.xUsers,
    secret: deps.config.sessionSecret,
    clock: deps.clock,
    log: deps.log,
    premium,
    phraser: deps.phraser ?? (talkModel ? openAiPhraser(talkModel) : undefined),
    ...(deps.sleep && { sleep: deps.sleep }),
  });
  const pageCache = deps.changeFeed && createReadCache({ feed: deps.changeFeed, tables: PAGE_TABLES });
  return {
    service,
    async registerRoutes(app: FastifyInstance) {
      app.addHook('onReady', async () => {
        await service.resume();
      });
      app.addHook('onClose', async () => {
        await service.close();
      });
      await app.register(deepThoughtRoutes, {
        deepThoughtService: service,
        pageCache,
        requirePremium: (userId) => requirePremium(premium, userId),
      });
      if (pageCache) app.addHook('onClose', (_app, done) => (pageCache.close(), done()));
    },
  };
}
