import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Network, SandboxPluginOptions } from '@murmur/sandbox';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { unavailableEngine, type EngineHolder } from './engine/engine-holder';
import { engineLiveStatus } from './engine/engine-live-status';
import { BadRequest, NotFound } from './errors';
import type { Mailer } from './integrations/mail';
import { createInProcessQueue } from './jobs/in-process-queue';
import { watchedLive, type LiveDeps } from './live';
import type { JobQueue } from './jobs/jobs';
import { inProcessScheduler, type Scheduler } from './jobs/scheduler';
import type { InvalidationBus } from './lib/auth-cache';
import { systemClock, type Clock } from './lib/clock';
import { registerModules } from './modules';
import type { ChangeFeed } from './db/change-feed';
import { KEY_ROUTES } from './modules/api-access';
import { socialCallbacks } from './modules/social/social-callbacks';
import { registerAuth } from './plugins/auth';
import { TARGETING_SERVICE_ROUTES } from './modules/catalogues/targeting-service';
import { registerDocs } from './plugins/docs';
import { registerCoalescedWrites } from './plugins/coalesced-writes';
import { registerJsonCompression } from './plugins/json-compression';
import { registerFrontHook } from './plugins/front-hook';
import { readinessChecks, registerHealth } from './plugins/health';
import { registerMetrics } from './plugins/metrics';
import { registerRateLimit } from './plugins/rate-limit';
import { errorHandler, frameworkErrorHandler } from './plugins/error-handler';
import { registerRequestLimits, requestLimitOptions } from './plugins/request-limits';
import { requestLogOptions } from './plugins/request-log';
import { nullCharacterErrors, validatorCompiler } from './plugins/validation';
import { registerWeb } from './plugins/web';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Committed writes of every process (db/change-feed.ts): cached reads are forgotten by them. */
  changeFeed?: ChangeFeed;
  /** Built with the app's logger, so that the development log mailer writes into the request log. */
  mailer: (log: FastifyBaseLogger) => Mailer;
  clock?: Clock;
  /** The sandbox network to serve under /sandbox (main.ts generates it when SANDBOX_ENABLED). */
  sandbox?: { network: Network } & Partial<Omit<SandboxPluginOptions, 'network'>>;
  /**
   * The audience engine (main.ts builds it in the background); without it, audience routes answer
   * 503. Closed with the app (its worker threads stop).
   */
  engine?: EngineHolder;
  /** Long work with progress (main.ts: BullMQ when REDIS_URL is set); in-process by default. Closed with the app. */
  jobs?: JobQueue;
  /**
   * Scheduled work, the history's runs (main.ts: BullMQ's job schedulers when REDIS_URL is set, one
   * process a tick); a timer in this process by default. Closed with the app.
   */
  scheduler?: Scheduler;
  /** Auth-cache invalidations shared with other server processes (main.ts: Redis when REDIS_URL is set). */
  authInvalidationBus?: InvalidationBus;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The live log and its consumer positions (main.ts: engine-cluster's LiveLog); static index without. */
  live?: LiveDeps;
}

/** The whole HTTP application, ready to listen or to `inject()` requests in tests. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const requestLog = requestLogOptions();
  const app = Fastify({
    logger: { level: config.logLevel, ...(deps.logStream && { stream: deps.logStream }) },
    routerOptions: { ignoreTrailingSlash: true },
    // Behind a load balancer (ARCHITECTURE §7) the client address comes from X-Forwarded-For, as
    // far back as TRUST_PROXY says the hops are ours (config.ts); off by default.
    trustProxy: trustProxyOption(config.trustProxy ?? false),
    frameworkErrors: frameworkErrorHandler,
    ...requestLimitOptions,
    ...requestLog,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerRequestLimits(app);
  registerFrontHook(app, config.isProduction);
  registerCoalescedWrites(app);
  registerJsonCompression(app);

  const mailer = deps.mailer(app.log);
  const clock = deps.clock ?? systemClock;
  const jobs = deps.jobs ?? createInProcessQueue(clock, { limits: config.limits.jobs });
  const scheduler = deps.scheduler ?? inProcessScheduler();
  // Its status counts the collector's streams (here, or its heartbeat): engine status, probes, metrics.
  const live = deps.live && watchedLive(deps.live);
  // Where the index the API answers from stands on the live log, for the engine status, the probes
  // and the metrics alike: over shards what the shards applied, else this process's own position.
  const liveStatus =
    live?.status && (deps.engine ? engineLiveStatus(deps.engine, live.status, app.log) : live.status);
  app.addHook('onClose', async () => {
    await mailer.close?.();
    await scheduler.close();
    await jobs.close();
    // After the jobs, which may be waiting on engine worker threads.
    await deps.engine?.close();
  });

  await registerDocs(app, KEY_ROUTES);
  // Probes and metrics for the orchestrator and Prometheus, outside /api (docs/OPERATIONS.md).
  registerHealth(
    app,
    readinessChecks(app, {
      db: deps.db,
      engine: deps.engine,
      redisUrl: config.redisUrl,
      natsUrl: config.engineShards?.natsUrl ?? config.live?.natsUrl,
      live: liveStatus &&
        config.live && { status: liveStatus, lagBudgetMs: config.live.lagBudgetSeconds * 1000 },
    }),
  );
  registerMetrics(app, {
    token: config.metricsToken,
    db: deps.db,
    engine: deps.engine,
    jobs,
    requestLog: requestLog.logController,
    ...(liveStatus && { liveStatus }),
  });

  // Everything that needs to know the caller lives in this scope, so static files skip the lookup.
  await app.register(async (api) => {
    // Cookies are read and set only in this scope: parsed by the plugin's hook before the auth
    // plugin's (registered after it), not on every request (static files, the serving path).
    await api.register(fastifyCookie);
    // Before the routes: they take their limits by client from it (docs/API.md "Limits").
    await registerRateLimit(api, { redisUrl: config.redisUrl });
    const modules = registerModules(api, {
      ...deps,
      ...(live && { live }),
      ...(liveStatus && { liveStatus }),
      mailer,
      clock,
      jobs,
      scheduler,
      engine: deps.engine ?? unavailableEngine('No network snapshot is loaded on this server.'),
    });
    registerAuth(api, {
      sessionService: modules.sessionService,
      extensionToken: config.extensionToken,
      proTargetingToken: config.proTargetingToken,
      targetingToken: config.targetingToken,
      targetingRoutes: TARGETING_SERVICE_ROUTES,
      proTargetingTokens: modules.proTargetingTokens,
      apiKeys: modules.apiKeys,
    });
    api.addHook('preValidation', (request, _reply, done) => {
      // Most reads carry nothing to check (the serving path: this runs on every request).
      if (request.body === undefined && isEmpty(request.params) && isEmpty(request.query)) return done();
      // A NUL in a path parameter can name nothing (404, like any malformed one).
      if (nullCharacterErrors(request.params)) return done(new NotFound());
      const errors =
        (request.nulFreeBody ? undefined : nullCharacterErrors(request.body)) ??
        (isEmpty(request.query) ? undefined : nullCharacterErrors(request.query));
      done(errors ? new BadRequest(errors) : undefined);
    });
    await modules.registerRoutes();
  });

  if (deps.sandbox) {
    // Outside the API scope: the sandbox answers as X does, with its own auth and error shapes.
    const sandbox = deps.sandbox;
    // Imported only when asked for: the compiled build keeps the sandbox in chunks of its own.
    const { createSandboxPlugin } = await import('@murmur/sandbox');
    await app.register(async (scope) => {
      // X's surface, not Murmur's API: kept out of the OpenAPI document at /api/docs.
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
      // Its OAuth stand-ins redirect only to our own sign-in callbacks (no open redirect on our domain).
      const callbacks = socialCallbacks(config.publicUrl);
      // The payment stand-in sends its events to our webhook, signed with the configured secret.
      const stripe = config.stripe.sandbox
        ? {
            secretKey: config.stripe.secretKey,
            webhook: () => ({
              url: `${config.publicUrl}/api/customer/subscriptions/webhook/`,
              secret: config.stripe.webhookSecret,
            }),
          }
        : undefined;
      await scope.register(createSandboxPlugin({ callbacks, ...(stripe && { stripe }), ...sandbox }), {
        prefix: '/sandbox',
      });
    });
  }

  await registerWeb(app, config.webDist, { isProduction: config.isProduction });
  await app.ready();
  return app;
}

/** No own enumerable key (Fastify's params and query are plain objects, `{}` when there are none). */
function isEmpty(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return value === undefined;
  for (const _ in value) return false;
  return true;
}

/**
 * TRUST_PROXY as Fastify takes it: a hop count as the function Fastify itself makes of one (its
 * types leave the number out): the `hops` nearest proxies are trusted, not the client's entries.
 */
function trustProxyOption(
  setting: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
