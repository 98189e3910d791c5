import type { TargetingPackage } from '@murmur/core/targeting';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createOutboxRepository, type MailOutbox } from '../../integrations/mail';
import type { ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { createReadCache } from '../../lib/read-cache';
import type { EngineHolder } from '../../engine/engine-holder';
import type { JobQueue } from '../../jobs/jobs';
import type { Scheduler } from '../../jobs/scheduler';
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
import { audienceOverlapRoutes } from './audience-overlap.routes';
import { createAudienceOverlapService } from './audience-overlap.service';
import { createReachPushService, type UploadSets } from './reach-push.service';
import { createAudiencePlansService } from './audience-plans.service';
import { createAutocompleteService } from './autocomplete.service';
import { buildRoutes } from './build.routes';
import { findCategory, listCategories } from './categories.repository';
import { createAlertsRepository } from './alerts.repository';
import { alertsRoutes } from './alerts.routes';
import { createAlertsService, type AlertFired, type AlertsService } from './alerts.service';
import { createHistoryRepository } from './history.repository';
import { historyRoutes } from './history.routes';
import { createHistoryService, type HistoryService } from './history.service';
import { createMembershipRepository } from './membership.repository';
import { membershipRoutes } from './membership.routes';
import { createMembershipService } from './membership.service';
import { jobsRoutes } from './jobs.routes';
import { createLookalikesRepository } from './lookalikes.repository';
import { lookalikesRoutes } from './lookalikes.routes';
import { createLookalikesService } from './lookalikes.service';

/** Every table the saved list reads (audience-configs.repository.ts `joined` and its status). */
const SAVED_LIST_TABLES = [
  'audience_configs',
  'audience_insights',
  'audience_categories',
  'uploaded_audiences',
  'audience_usages',
  'users',
  'teams',
] as const;

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
  /** Composed account sets as custom audiences on X (modules/x-audiences), for reach plans. */
  uploadSets: UploadSets;
  /** Committed writes heard from every process: the saved lists are then answered from memory. */
  changeFeed?: ChangeFeed;
  /** The live log's consumer positions, for the engine status's freshness (none: `static`). */
  liveStatus?: LiveStatusSource;
  /** History points' retention (HISTORY_RETENTION_DAYS); the alerts' mail, links and webhook secrets. */
  history: {
    retentionDays: number;
    /** Indexed members above which an audience's membership is not kept (default MEMBERSHIP_CAP). */
    membersCap?: number;
    /** Minutes between scheduled history runs (HISTORY_RUN_MINUTES); 0: none in this process. */
    runMinutes: number;
    /** Where the runs are scheduled: with Redis, each tick in one of the processes sharing it. */
    scheduler: Scheduler;
    outbox: MailOutbox;
    secret: string;
    publicUrl: string;
    /** Let webhooks reach private and loopback addresses (outside production only). */
    allowPrivateWebhooks: boolean;
    log: FastifyBaseLogger;
  };
}) {
  const { db, clock, engine, jobs } = deps;
  const repo = createAudienceConfigsRepository(db);
  const listCache = deps.changeFeed && createReadCache({ feed: deps.changeFeed, tables: SAVED_LIST_TABLES });
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
  const historyRepo = createHistoryRepository(db);
  const membershipService = createMembershipService({
    repo: createMembershipRepository(db),
    engine,
    ...(deps.history.membersCap !== undefined && { cap: deps.history.membersCap }),
  });
  const insightsService = createAudienceInsightsService({
    repo,
    configs: configsService,
    engine,
    jobs,
    clock,
    history: { points: historyRepo, membership: membershipService },
  });
  const plansRepo = createAudiencePlansRepository(db);
  const plansService = createAudiencePlansService({ repo: plansRepo, configsRepo: repo, clock });
  const overlapService = createAudienceOverlapService({ configs: configsService, engine, jobs });
  const reachPushService = createReachPushService({
    plans: plansRepo,
    configs: configsService,
    engine,
    uploadSets: deps.uploadSets,
  });
  // Told of each alert rule that fired, e.g. the team webhooks; subscribed after the module is made.
  const fired: ((alert: AlertFired) => void)[] = [];
  const alertsService = createAlertsService({
    repo: createAlertsRepository(db),
    onFired: (alert) => fired.forEach((listener) => listener(alert)),
    configs: configsService,
    inTransaction: (work) => db.transaction((tx) => work({ outbox: createOutboxRepository(tx) })),
    outbox: deps.history.outbox,
    clock,
    secret: deps.history.secret,
    publicUrl: deps.history.publicUrl,
    webhooks: { allowPrivate: deps.history.allowPrivateWebhooks, timeoutMs: 10_000 },
  });
  const historyService = createHistoryService({
    repo: historyRepo,
    configs: configsService,
    engine,
    clock,
    ...(deps.liveStatus && { live: deps.liveStatus }),
    retentionDays: deps.history.retentionDays,
    membership: membershipService,
    onPoints: (points) => alertsService.evaluate(points),
    logError: (err, message) => deps.history.log.error({ err }, message),
  });
  const lookalikesService = createLookalikesService({
    repo: createLookalikesRepository(db),
    configs: configsService,
    engine,
    jobs,
    clock,
    log: deps.history.log,
  });
  // Saved lookalikes' members are registered in the engine once it is built; uploads of them wait for it.
  let lookalikesRegistered: Promise<void> | undefined;
  const registerLookalikes = () =>
    (lookalikesRegistered ??= lookalikesService
      .registerAll()
      .catch((error: unknown) => deps.history.log.warn({ err: error }, 'saved lookalikes not registered')));
  return {
    configsService,
    historyService,
    /** Resolves once every saved lookalike is a custom audience of the engine (at start-up). */
    customAudiencesReady: registerLookalikes,
    alertsService,
    onAlertFired: (listener: (alert: AlertFired) => void) => void fired.push(listener),
    /** The audience categories (seeded by migration 0001), which the store groups its audiences by. */
    listCategories: () => listCategories(db),
    async registerRoutes(app: FastifyInstance) {
      await app.register(jobsRoutes, { engine, jobs, ...(deps.liveStatus && { live: deps.liveStatus }) });
      await app.register(buildRoutes, {
        configsService,
        autocompleteService: createAutocompleteService({ engine }),
      });
      await app.register(audienceConfigsRoutes, {
        configsService,
        insightsService,
        jobs,
        ...(listCache && { listCache }),
      });
      if (listCache) app.addHook('onClose', (_app, done) => (listCache.close(), done()));
      await app.register(lookalikesRoutes, { lookalikesService, jobs });
      app.addHook('onReady', (ready) => {
        void registerLookalikes();
        ready();
      });
      await app.register(audiencePlansRoutes, { plansService });
      await app.register(audienceOverlapRoutes, { overlapService, reachPushService, jobs });
      await app.register(historyRoutes, { historyService });
      await app.register(membershipRoutes, { historyService });
      await app.register(alertsRoutes, { alertsService });
      scheduleHistory(app, historyService, alertsService, engine, deps.history);
    },
  };
}

/**
 * Every `runMinutes` (HISTORY_RUN_MINUTES, 10), today's point of each saved audience that has none,
 * all of them in one run (`recordAllDue`, batch after batch; once the engine is ready; a failed run
 * is retried at the next tick). The ticks come from the scheduler: with Redis (REDIS_URL) each tick
 * runs in one of the server processes sharing it (BullMQ's job schedulers), else in this process,
 * never two runs at once in one process. A run with nothing due is one query. 0: this process
 * schedules none (nor, with Redis, changes the shared schedule).
 */
function scheduleHistory(
  app: FastifyInstance,
  historyService: HistoryService,
  alertsService: AlertsService,
  engine: EngineHolder,
  settings: { runMinutes: number; scheduler: Scheduler },
) {
  let webhooks: NodeJS.Timeout | undefined;
  const record = async () => {
    if (engine.status().state !== 'ready') return;
    await historyService
      .recordAllDue()
      .catch((error: unknown) => app.log.error({ err: error }, 'audience history run failed'));
  };
  // Webhook deliveries that failed are tried again after their backoff (alerts.service.ts).
  const retry = () => {
    alertsService
      .deliverDue()
      .catch((error: unknown) => app.log.error({ err: error }, 'alert webhook retries failed'));
  };
  app.addHook('onReady', async () => {
    if (settings.runMinutes > 0)
      await settings.scheduler.every('audience-history', settings.runMinutes * 60 * 1000, record);
    webhooks = setInterval(retry, 60 * 1000);
    webhooks.unref();
  });
  app.addHook('onClose', (_instance, closed) => {
    clearInterval(webhooks);
    closed();
  });
}
export { audienceStatusSql } from './audience-configs.repository';
