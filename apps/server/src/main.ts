import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { announcedRecords } from '@murmur/core/export';
import { SNAPSHOT_FORMAT, type ExportSource } from '@murmur/engine';
import type * as SandboxModule from '@murmur/sandbox';
import type { Network } from '@murmur/sandbox';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { flushErrorReporting, initErrorReporting } from './lib/error-reporting';
import { tuneGarbageCollector } from './lib/gc-tuning';
import { createDatabase, type Database } from './db/database';
import {
  binarySnapshotAt,
  isUrl,
  liveSnapshotFile,
  remoteSnapshotFile,
  sandboxSnapshotFile,
  sandboxSnapshotSource,
} from './engine/engine-snapshot';
import {
  buildEngineInBackground,
  snapshotSource,
  unavailableEngine,
  type EngineHolder,
} from './engine/engine-holder';
import { createMailer, type Mailer } from './integrations/mail';
import { createBullmqQueue } from './jobs/bullmq-queue';
import type { InvalidationBus } from './lib/auth-cache';
import { createRedisInvalidationBus } from './lib/auth-cache-redis';
import type { JobQueue } from './jobs/jobs';
import { createRedisScheduler, type Scheduler } from './jobs/scheduler';
import { openLivePath, type LivePath } from './live/live-path';
import type { LiveDeps } from './live';
import { streamsSettled, type Collector } from './live/collector';

export interface StartOptions {
  /** Environment to read instead of process.env. */
  env?: NodeJS.ProcessEnv;
  /** Settings to force after reading the environment (e2e tests: port 0, a temp DATA_DIR, …). */
  config?: Partial<Config>;
  /** A mailer to use instead of SMTP / the log (e2e tests capture sign-in codes). */
  mailer?: Mailer;
  /**
   * Called once the collector's streams are open, or it could not start (a bench holding the clock of
   * X's stand-in in another process until then, as this process does with the mounted sandbox).
   */
  onCollectorStarted?: (collector: Collector | undefined) => void;
}

/**
 * The audience engine: ENGINE_SNAPSHOT (an engine snapshot file, folder or URL, else an NDJSON
 * export file or URL), else the sandbox network — from the snapshot kept in DATA_DIR when it was built from
 * the same sandbox settings and code, else indexed from the export and snapshotted for the next
 * start (engine/engine-snapshot.ts) — else none. Heavy work runs on `config.engineWorkers` threads
 * over the index in shared memory (engine/engine-work.ts).
 */
function engineFor(
  config: Config,
  network: { network: Network; sandbox: typeof SandboxModule } | undefined,
  log: (level: 'info' | 'warn', message: string) => void,
  onWorkerError: (error: unknown) => void,
  live: LiveStart | undefined,
): EngineHolder {
  const work = {
    workers: config.engineWorkers,
    onWorkerError,
    ...(config.engineShards && { shards: config.engineShards }),
  };
  if (config.live?.enabled) {
    const start = live;
    if (start) {
      // A live engine (docs/LIVE.md): from its snapshot, else the export, else empty; estimates on
      // this thread, reports in one thread with its own copy when ENGINE_WORKERS ≥ 1 (no pool).
      const snapshot = {
        file: liveSnapshotFile(config.dataDir),
        source: start.snapshotSource,
        keepPosition: config.live.natsUrl !== undefined,
        onProblem: (message: string) => log('warn', message),
        onLoaded: (seconds: number, position: Record<string, number>) =>
          log('info', `Live snapshot loaded in ${seconds.toFixed(1)} s at ${JSON.stringify(position)}`),
      };
      return buildEngineInBackground({
        live: true,
        workers: config.engineWorkers,
        onWorkerError,
        ...(start.source && { source: start.source }),
        ...(start.totalRecords !== undefined && { totalRecords: start.totalRecords }),
        ...(start.readSnapshot && { liveSnapshot: snapshot }),
      });
    }
    log(
      'warn',
      'LIVE_ENABLED: a live engine starts from an NDJSON export, the sandbox, its own snapshot or empty, not from an engine snapshot or a URL; the index stays static',
    );
  }
  const onProblem = (message: string) => log('warn', message);
  const onLoaded = (seconds: number) => log('info', `Engine snapshot loaded in ${seconds.toFixed(1)} s`);
  if (config.engineSnapshot && isUrl(config.engineSnapshot)) {
    // An engine snapshot or an NDJSON export, told apart when it arrives (engine-snapshot.ts).
    const snapshot = { file: remoteSnapshotFile(config.dataDir), url: config.engineSnapshot };
    return buildEngineInBackground({
      snapshot: { ...snapshot, source: undefined, rebuild: false, onProblem, onLoaded },
      ...work,
    });
  }
  if (config.engineSnapshot) {
    const file = binarySnapshotAt(config.engineSnapshot);
    if (file) {
      return buildEngineInBackground({
        snapshot: { file, source: undefined, rebuild: false, onProblem, onLoaded },
        ...work,
      });
    }
    return buildEngineInBackground({ source: snapshotSource(config.engineSnapshot), ...work });
  }
  if (network) {
    const { exportChunks, exportHeader } = network.sandbox;
    return buildEngineInBackground({
      source: exportChunks(network.network),
      totalRecords: announcedRecords(exportHeader(network.network)),
      snapshot: {
        file: sandboxSnapshotFile(config.dataDir),
        source: sandboxSnapshotSource(network.network),
        rebuild: true,
        onProblem,
        onLoaded,
        onWritten: (seconds) =>
          log('info', `Engine snapshot written in ${seconds.toFixed(1)} s for the next start`),
      },
      ...work,
    });
  }
  return unavailableEngine('No network snapshot is configured: set ENGINE_SNAPSHOT or enable the sandbox.');
}

/** What a live engine starts from (docs/LIVE.md "Snapshots"), or undefined when it cannot be live. */
interface LiveStart {
  /** The export to build from when no snapshot loads; none: start empty. */
  source?: ExportSource;
  totalRecords?: number;
  /** What the live snapshot is written for and checked against: the base the engine grew from. */
  snapshotSource: string;
  /**
   * Whether to start from the live snapshot: not when the base is the mounted sandbox and the log
   * lives in this process — the sandbox's export is then newer than any snapshot, and the events
   * in between are lost with the old process.
   */
  readSnapshot: boolean;
}

function liveStartOf(
  config: Config,
  network: { network: Network; sandbox: typeof SandboxModule } | undefined,
): LiveStart | undefined {
  const durable = config.live?.natsUrl !== undefined;
  const format = `format-${SNAPSHOT_FORMAT}`;
  if (config.engineSnapshot) {
    if (isUrl(config.engineSnapshot) || binarySnapshotAt(config.engineSnapshot)) return undefined;
    return {
      source: snapshotSource(config.engineSnapshot),
      snapshotSource: `live:export:${resolve(config.engineSnapshot)}:${format}`,
      readSnapshot: true,
    };
  }
  if (network) {
    const { exportChunks, exportHeader } = network.sandbox;
    return {
      source: exportChunks(network.network),
      totalRecords: announcedRecords(exportHeader(network.network)),
      snapshotSource: `live:${sandboxSnapshotSource(network.network)}`,
      readSnapshot: durable,
    };
  }
  // Production without an export: the snapshot, else empty, and the streams fill it.
  return { snapshotSource: `live:streams:${format}`, readSnapshot: true };
}

/**
 * The mounted sandbox's clock held while the live engine is built from its export at this instant
 * and the collector opens X's streams (at any SANDBOX_CLOCK_SPEED, no event falls between the two);
 * it runs once the streams are open, the engine is built and every stream is connected on a later
 * turn of the event loop (`streamsSettled`, at most a minute). Not before: a build that holds this
 * thread longer than the streams' keep-alive timeout has them reconnect as it ends, asking X's
 * backfill for the wall clock's silence, which a clock faster than the wall clock outruns (events
 * lost; X's clock runs with the wall clock). Held, the clock has no event to lose.
 */
function holdSandboxClock(network: Network, live: LiveDeps) {
  const simulation = network.simulation;
  simulation.holds++;
  let held = true;
  const release = () => {
    if (held) simulation.holds--;
    held = false;
  };
  let streamsOpen!: (collector: Collector | undefined) => void;
  const opened = new Promise<Collector | undefined>((resolve) => (streamsOpen = resolve));
  live.onCollectorStarted = streamsOpen;
  return {
    release,
    releaseWhenBuilt(engine: EngineHolder): void {
      void Promise.all([opened, engine.ready().catch(() => undefined)])
        .then(([collector]) => collector && streamsSettled(collector))
        .finally(release);
    },
  };
}

export interface RunningServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** The address actually bound, e.g. http://127.0.0.1:40123. */
  url: string;
  /** The audience engine's holder (a live engine when LIVE_ENABLED). */
  engine: EngineHolder;
  /** The sandbox network this server mounts (tests hold its clock still). */
  network?: Network;
  /** The live path when LIVE_ENABLED (its log and consumer). */
  live?: LivePath;
  close(): Promise<void>;
}

/** config → database (+ migrations) → mailer → app → listen. Usable in-process by e2e tests. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // Before anything is allocated for the server: V8's pretenuring made request garbage old (lib/gc-tuning.ts).
  tuneGarbageCollector();
  const config: Config = { ...loadConfig(options.env), ...options.config };
  // SPEC §1: errors and performance go to the error-reporting service when SENTRY_DSN is set.
  await initErrorReporting(config.sentryDsn, config.env);
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir: join(config.dataDir, 'pg'),
  });
  let app: FastifyInstance;
  let network: Network | undefined;
  let generationSeconds = 0;
  let engine: EngineHolder;
  let jobs: JobQueue | undefined;
  let scheduler: Scheduler | undefined;
  let authInvalidationBus: InvalidationBus | undefined;
  let live: LivePath | undefined;
  let liveStart: LiveStart | undefined;
  let clockHold: ReturnType<typeof holdSandboxClock> | undefined;
  // Before the app exists there is no request log yet: the engine's messages wait for it.
  const early: [level: 'info' | 'warn', message: string][] = [];
  const engineLog = (level: 'info' | 'warn', message: string) => {
    if (app) app.log[level](message);
    else early.push([level, message]);
  };
  try {
    // Jobs on Redis when REDIS_URL is set (fails here when it cannot be reached); else in-process.
    // The auth cache's invalidations travel there too, so that a logout holds in every process.
    if (config.redisUrl) {
      jobs = await createBullmqQueue({ url: config.redisUrl, limits: config.limits.jobs });
      // The history's runs: each tick in one of the processes sharing the Redis.
      scheduler = await createRedisScheduler({ url: config.redisUrl });
      authInvalidationBus = await createRedisInvalidationBus({
        url: config.redisUrl,
        warn: (err, message) => app.log.warn({ err }, message),
      });
    }
    // The live path (docs/LIVE.md): X's streams → collector → live log → the engine.
    if (config.live?.enabled)
      live = await openLivePath(config.live, {
        // The app's logger, once the app exists (the collector starts after it listens).
        checkpointLog: {
          info: (obj, msg) => app.log.info(obj, msg),
          warn: (obj, msg) => app.log.warn(obj, msg),
          error: (obj, msg) => app.log.error(obj, msg),
        },
        onConsumersRetired: (acknowledged, position) =>
          app.log.info(
            { acknowledged, position },
            'live: the per-partition consumers were removed; the engine reads the log in sequence order',
          ),
      });
    // Imported only when enabled: the compiled build keeps the sandbox in chunks of its own.
    const sandbox = config.sandbox.enabled ? await import('@murmur/sandbox') : undefined;
    if (sandbox) {
      const started = performance.now();
      network = sandbox.generateNetwork({
        accounts: config.sandbox.accounts,
        ...(config.sandbox.seed !== undefined && { seed: config.sandbox.seed }),
      });
      generationSeconds = (performance.now() - started) / 1000;
      if (live && config.live?.mountedSandbox && config.live.collectorEnabled)
        clockHold = holdSandboxClock(network, live.deps);
    }
    if (live && options.onCollectorStarted) {
      const before = live.deps.onCollectorStarted;
      const told = options.onCollectorStarted;
      live.deps.onCollectorStarted = (collector) => {
        before?.(collector);
        told(collector);
      };
    }
    // The engine is built in the background while the server already answers: routes that need it
    // answer 503 with the loading progress until then.
    const mounted = network && sandbox && { network, sandbox };
    liveStart = config.live?.enabled ? liveStartOf(config, mounted) : undefined;
    engine = engineFor(
      config,
      mounted,
      engineLog,
      (error) => {
        // Before the app exists there is no request log yet.
        if (app)
          app.log.error(
            { err: error },
            'an engine worker thread failed; heavy work may run on the main thread',
          );
        else console.error(error);
      },
      liveStart,
    );
    clockHold?.releaseWhenBuilt(engine);
    app = await buildApp({
      config,
      db: database.db,
      changeFeed: database.changes,
      mailer: (log) => options.mailer ?? createMailer(config, log),
      // The sandbox's clock runs (SANDBOX_CLOCK_SPEED, default real time) so its streams keep flowing.
      ...(network && sandbox && { sandbox: { network, clock: sandbox.clockFromEnv(options.env) } }),
      engine,
      ...(jobs && { jobs }),
      ...(scheduler && { scheduler }),
      ...(authInvalidationBus && { authInvalidationBus }),
      ...(live && { live: live.deps }),
    });
  } catch (error) {
    clockHold?.release();
    await live?.close();
    await authInvalidationBus?.close();
    await jobs?.close();
    await scheduler?.close();
    await database.close();
    throw error;
  }
  for (const [level, message] of early) app.log[level](message);
  live?.follow(
    engine.ready(),
    (error) => app.log.error({ err: error }, 'live: the engine stopped following the live log'),
    // Written only where a restart reads it (see LiveStart.readSnapshot).
    liveStart?.readSnapshot
      ? {
          file: liveSnapshotFile(config.dataDir),
          source: liveStart.snapshotSource,
          everyMs: (config.live?.snapshotSeconds ?? 0) * 1000,
          onWritten: (seconds, position) =>
            app.log.info(`Live snapshot written in ${seconds.toFixed(1)} s at ${JSON.stringify(position)}`),
          onProblem: (message) => app.log.warn(message),
        }
      : undefined,
  );
  if (network) {
    app.log.info(
      `Sandbox network of ${config.sandbox.accounts} accounts generated in ${generationSeconds.toFixed(1)} s, served under /sandbox`,
    );
  }
  engine.ready().then(
    (e) => {
      const status = engine.status();
      const seconds = status.state === 'ready' ? ` in ${status.seconds.toFixed(1)} s` : '';
      const threads = status.state === 'ready' ? status.workers : 0;
      app.log.info(
        `Audience engine ready: ${e.stats.accounts} accounts indexed${seconds}; heavy work on ${threads || 'no'} worker thread${threads === 1 ? '' : 's'}`,
      );
    },
    (error: unknown) => app.log.error({ err: error }, 'the audience engine is not available'),
  );
  const url = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Murmur is listening on ${url} (public URL ${config.publicUrl}, database: ${database.kind})`);
  let closing: Promise<void> | undefined;
  // The app first, so that in-flight requests finish before their database goes away.
  const close = () =>
    (closing ??= (async () => {
      await app.close();
      // After the app: the collector (stopped with it) appends no more.
      await live?.close();
      await database.close();
      await flushErrorReporting();
    })());
  return { app, config, database, url, engine, close, ...(live && { live }), ...(network && { network }) };
}

/** Starts the server from the environment and stops it on SIGTERM/SIGINT (also the compiled entry's). */
export async function main(options: { onShutdown?: () => Promise<void> } = {}): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer();
  } catch (error) {
    // SPEC §8: 'Missing env variables: …' and other start-up problems, then exit 1.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const shutdown = (signal: NodeJS.Signals) => {
    server.app.log.info(`${signal} received, shutting down`);
    server
      .close()
      // Then what the entry started before the server (tracing's last spans).
      .then(() => options.onShutdown?.())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          server.app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
