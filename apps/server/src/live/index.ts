/**
 * The server's live wiring (ARCHITECTURE "The live path"): the collector started from configuration,
 * the follower-fetch routes of the production bootstrap, and the freshness source of the engine
 * status. What the events are appended to and where freshness comes from are given by the caller
 * (`LiveDeps`): engine-cluster's LiveLog is the `LiveSink`, its consumers' positions the `LiveStatus`.
 */

import type { FastifyInstance } from 'fastify';
import type { LiveConfig } from '../config';
import type { Db } from '../db/database';
import type { TeamAccess } from '../modules/audiences/audience-configs.service';
import type { Collector, CollectorLog, LiveSink } from './collector';
import { streamSpecs } from './stream-specs';
import {
  startCheckpointedCollector,
  type CheckpointedCollector,
  type CheckpointStore,
  type HeartbeatTarget,
} from './collector-checkpoint';
import { streamsBehindMs, type SourceWatch } from './collector-heartbeat';
import { createFollowerFetcher } from './follower-fetch';
import { followerFetchRoutes } from './follower-fetch.routes';
import type { LiveStatusSource } from '../engine/freshness';

export type { LiveSink, Collector, CollectorLog } from './collector';
export type { LiveStatus, LiveStatusSource } from '../engine/freshness';

/** The live log as the server sees it; absent, the index is static and no live route is served. */
export interface LiveDeps {
  sink: LiveSink;
  /** The live log's consumer positions, for GET /api/engine/status/'s freshness. */
  status?: LiveStatusSource;
  /**
   * Where the collector writes how far it appended each stream (the KV bucket beside a JetStream
   * live log, as the collector process does); absent with a log in this process's memory.
   */
  checkpoints?: CheckpointStore;
  /** Where the collector in this process writes its heartbeat (beside `checkpoints`). */
  heartbeat?: HeartbeatTarget;
  /**
   * The heartbeat of a collector in another process (collector-heartbeat.ts), read when this one
   * runs none: freshness then counts its streams.
   */
  collectorWatch?: SourceWatch;
  /** The watch freshness counts the collector's streams by (`watchedLive`). */
  streams?: StreamWatch;
  /**
   * The collector's streams are open (its handle), or it could not start (undefined): main.ts then
   * lets the sandbox's clock run once the engine is built and every stream is connected after it.
   */
  onCollectorStarted?: (collector: Collector | undefined) => void;
}

/**
 * The collector, watched for the engine status: how long X's streams have not been delivering. The
 * one this process runs, once attached (`streamsBehindMs`: a stream not connected is behind since
 * its last line, or since the collector started); else `elsewhere`, the heartbeat of a collector in
 * its own process (collector-heartbeat.ts); null with neither (docs/LIVE.md "Freshness").
 */
export interface StreamWatch extends SourceWatch {
  attach(collector: Collector): void;
}

export function createStreamWatch(now: () => number = Date.now, elsewhere?: SourceWatch): StreamWatch {
  let watched: { collector: Collector; since: number } | undefined;
  return {
    attach: (collector) => {
      watched = { collector, since: now() };
    },
    behindMs: () =>
      watched
        ? streamsBehindMs(watched.collector.stats().streams, watched.since, now())
        : (elsewhere?.behindMs() ?? null),
  };
}

/**
 * `deps` with its status counting the collector's streams (`sourceBehindMs`): those of the
 * collector this process runs, once attached to `streams`, else the heartbeat of one in its own
 * process. What the engine status, `/readyz` and `/metrics` all read.
 */
export function watchedLive(deps: LiveDeps, now: () => number = Date.now): LiveDeps {
  if (deps.streams) return deps;
  const streams = createStreamWatch(now, deps.collectorWatch);
  return { ...deps, streams, ...(deps.status && { status: withStreamDelay(deps.status, streams) }) };
}

/** The live log's status with the watched streams' delay beside it. */
export const withStreamDelay =
  (status: LiveStatusSource, watch: StreamWatch): LiveStatusSource =>
  async () => {
    const s = await status();
    return s === null ? null : { ...s, sourceBehindMs: watch.behindMs() };
  };

/**
 * Starts the collector when the configuration asks for it (undefined when it does not), resuming
 * from `checkpoints` and writing them as the collector process does (collector-checkpoint.ts).
 */
export async function startCollector(
  live: LiveConfig | undefined,
  sink: LiveSink,
  log: CollectorLog,
  checkpoints?: CheckpointStore,
  heartbeat?: HeartbeatTarget,
): Promise<CheckpointedCollector | undefined> {
  if (!live?.collectorEnabled || live.bearerToken === undefined) return undefined;
  const streams = streamSpecs(live.xPartitions);
  const started = await startCheckpointedCollector(
    { baseUrl: live.streamUrl, bearerToken: live.bearerToken, streams, sink, log },
    checkpoints,
    heartbeat,
  );
  log.info(
    { streamUrl: live.streamUrl, connections: streams.length, resumed: started.resumed },
    'live: collector started',
  );
  return started;
}

/**
 * Registers the follower-fetch routes — served when there is a live log and a bearer token for X,
 * 503 otherwise — and resumes the fetches a previous run left under way, and starts the collector
 * (when enabled); both stop with the app.
 * The collector starts once the server listens: in development it reads the sandbox this very server
 * mounts.
 */
export async function registerLive(
  app: FastifyInstance,
  deps: {
    live: LiveDeps | undefined;
    config: LiveConfig | undefined;
    db: Db;
    teamsService: TeamAccess;
    /** Told of the collector once it has started. */
    streams?: StreamWatch;
  },
): Promise<void> {
  const { config, live } = deps;
  if (!live || config?.bearerToken === undefined) {
    await app.register(followerFetchRoutes, { fetcher: undefined, teamsService: deps.teamsService });
    return;
  }
  const fetcher = createFollowerFetcher({
    db: deps.db,
    sink: live.sink,
    log: app.log,
    baseUrl: config.streamUrl,
    bearerToken: config.bearerToken,
  });
  await app.register(followerFetchRoutes, { fetcher, teamsService: deps.teamsService });
  app.addHook('onReady', async () => {
    const resumed = await fetcher.resume();
    if (resumed > 0) app.log.info({ resumed }, 'live: follower fetches resumed');
  });
  app.addHook('onClose', () => fetcher.stop());
  // Closing may come while the streams are still being opened: it waits for them, then stops them.
  let starting: Promise<CheckpointedCollector | undefined> = Promise.resolve(undefined);
  app.server.once('listening', () => {
    // The mounted sandbox is read at the port actually bound (PORT=0 picks one: tests).
    const address = app.server.address();
    const streams =
      config.mountedSandbox && address && typeof address === 'object'
        ? { ...config, streamUrl: `http://127.0.0.1:${address.port}/sandbox/x/2/` }
        : config;
    starting = startCollector(streams, live.sink, app.log, live.checkpoints, live.heartbeat)
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'live: the collector could not start');
        return undefined;
      })
      .then((started) => {
        try {
          if (started) deps.streams?.attach(started.collector);
        } finally {
          live.onCollectorStarted?.(started?.collector);
        }
        return started;
      });
  });
  app.addHook('onClose', async () => {
    const started = await starting;
    await started?.stop();
  });
}
