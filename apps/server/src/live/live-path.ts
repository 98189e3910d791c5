/**
 * The live path inside the API server (docs/LIVE.md): the live log (in this process, or JetStream
 * when a NATS URL is configured), the collector's sink appending to it, and the consumer applying it
 * to the engine holder's live engine once it is built. main.ts and the end-to-end test wire it alike.
 */

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeLiveSnapshot, type AudienceEngine, type LiveAudienceEngine } from '@murmur/engine';
import { connect } from '@nats-io/transport-node';
import {
  consumeLive,
  isLiveEngine,
  JetStreamLiveLog,
  MemoryLiveLog,
  type LiveConsumer,
  type LiveLog,
} from '@murmur/engine-cluster';
import type { CollectorLog } from './collector';
import {
  checkpointBucket,
  openCheckpointStore,
  type CheckpointStore,
  type HeartbeatTarget,
} from './collector-checkpoint';
import {
  HEARTBEAT_MS,
  openCollectorBucket,
  watchHeartbeat,
  type HeartbeatWatch,
} from './collector-heartbeat';
import type { LiveConfig } from '../config';
import { DEFAULT_LIVE_STREAM, liveSubjectPrefix } from '../config/live';
import type { LiveStatus } from '../engine/freshness';
import type { LiveDeps } from './index';

export interface LivePath {
  /** What the app is given: the collector's sink and the freshness source. */
  deps: LiveDeps;
  log: LiveLog;
  /**
   * Starts consuming into the engine once it is ready (its `ready()` promise), and writing its
   * snapshots when `snapshots` says where.
   */
  follow(
    engine: Promise<AudienceEngine>,
    onError: (error: unknown) => void,
    snapshots?: LiveSnapshotWriting,
  ): void;
  /** The consumer, once the engine is ready and consumption started. */
  consumer(): LiveConsumer | undefined;
  /**
   * Writes the live engine's snapshot now (after a background compaction), recording the position
   * applied; undefined when there is nothing new since the last one, no snapshot is configured or
   * the engine is not following yet.
   */
  writeSnapshot(): Promise<{ position: Record<string, number> } | undefined>;
  /**
   * Stops the consumer, writes the last snapshot (the position is then final), then closes the
   * log (after the app closed, so the collector is stopped).
   */
  close(): Promise<void>;
}

/** The live engine's snapshots (docs/LIVE.md "Snapshots"): written every `everyMs` and on close. */
export interface LiveSnapshotWriting {
  file: string;
  /** The base it grew from, checked when it is read (engine-holder.ts LiveSnapshotStart). */
  source: string;
  /** 0: only on close. */
  everyMs: number;
  onWritten?: (seconds: number, position: Record<string, number>) => void;
  onProblem?: (message: string) => void;
}

export interface LivePathOptions {
  /** The log to use instead of opening one from the configuration (tests: a log that outlives a path). */
  log?: LiveLog;
  /** Where the collector's checkpoint store reports a write that failed (the app's logger). */
  checkpointLog?: CollectorLog;
  /**
   * Told when the engine's per-partition consumers (an engine that read each partition on its own)
   * were removed once its ordered consumer was in place: what each had acknowledged, and the
   * engine's position it resumed from.
   */
  onConsumersRetired?: (acknowledged: Record<string, number>, position: Record<string, number>) => void;
}

const quiet: CollectorLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

const isLiveAudienceEngine = (e: AudienceEngine): e is LiveAudienceEngine =>
  'liveState' in e && 'compactInBackground' in e && 'apply' in e;

/** The durable consumer of the API server's engine (one per deployment's single engine). */
export const API_DURABLE = 'murmur-api';

/** The JetStream live log, and beside it the collector's checkpoint and heartbeat (its KV bucket). */
interface JetStreamParts {
  log: LiveLog;
  /** With the collector in this process: where it resumes from and writes its checkpoint and beats. */
  checkpoints?: CheckpointStore;
  heartbeat?: HeartbeatTarget;
  /** Without it: the heartbeat of the collector in its own process, for freshness. */
  collectorWatch?: HeartbeatWatch;
}

async function openJetStreamParts(
  config: LiveConfig & { natsUrl: string },
  checkpointLog: CollectorLog,
): Promise<JetStreamParts> {
  const stream = config.stream ?? DEFAULT_LIVE_STREAM;
  const everyMs = config.heartbeatMs ?? HEARTBEAT_MS;
  // One connection for the log and the collector's bucket (the collector process's).
  const nc = await connect({ servers: config.natsUrl, name: 'murmur-api-live' });
  let collectorWatch: HeartbeatWatch | undefined;
  try {
    const jetStream = await JetStreamLiveLog.open({
      nc,
      partitions: config.partitions,
      stream,
      subjectPrefix: config.subjectPrefix ?? liveSubjectPrefix(stream),
    });
    const log: LiveLog = {
      partitions: jetStream.partitions,
      append: (events) => jetStream.append(events),
      lastSequence: (partition) => jetStream.lastSequence(partition),
      head: (partition) => jetStream.head(partition),
      reader: (partition, durableName, after) => jetStream.reader(partition, durableName, after),
      orderedReader: (durableName, after) => jetStream.orderedReader(durableName, after),
      retirePartitionReaders: (durableName) => jetStream.retirePartitionReaders(durableName),
      async close() {
        collectorWatch?.close();
        await jetStream.close();
        await nc.close();
      },
    };
    if (config.collectorEnabled) {
      const checkpoints = await openCheckpointStore(nc, checkpointBucket(stream), checkpointLog);
      return { log, checkpoints, heartbeat: { kv: checkpoints.kv, everyMs } };
    }
    // The collector runs in a process of its own: freshness reads its heartbeat.
    const kv = await openCollectorBucket(nc, checkpointBucket(stream));
    collectorWatch = await watchHeartbeat({ kv, everyMs });
    return { log, collectorWatch };
  } catch (error) {
    collectorWatch?.close();
    await nc.close();
    throw error;
  }
}

export async function openLivePath(config: LiveConfig, options: LivePathOptions = {}): Promise<LivePath> {
  const natsUrl = config.natsUrl;
  const parts: JetStreamParts = options.log
    ? { log: options.log }
    : natsUrl
      ? await openJetStreamParts({ ...config, natsUrl }, options.checkpointLog ?? quiet)
      : { log: new MemoryLiveLog(config.partitions) };
  const { log, checkpoints, heartbeat, collectorWatch } = parts;
  let consumer: LiveConsumer | undefined;
  let starting: Promise<LiveConsumer | undefined> = Promise.resolve(undefined);
  let closed = false;
  let following: LiveAudienceEngine | undefined;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<{ position: Record<string, number> } | undefined> = Promise.resolve(undefined);
  let written = '';
  let settings: LiveSnapshotWriting | undefined;
  /** The batch being applied in slices, if any: a snapshot waits for it, so that its position is whole. */
  let applying: Promise<void> | undefined;
  /** One write at a time; skipped when the version and position are those of the last one. */
  const writeSnapshot = (compactFirst: boolean) =>
    (writing = writing.then(async () => {
      const engine = following;
      if (!settings || !engine) return undefined;
      const mark = `${engine.version}:${JSON.stringify(engine.position())}`;
      if (mark === written) return undefined;
      try {
        // In slices between batches first, so that the blocking fold inside the write is small.
        if (compactFirst) await engine.compactInBackground();
        // Between two batches (the write below is synchronous): every chunk of a batch, or none.
        while (applying) await applying;
        const started = performance.now();
        mkdirSync(dirname(settings.file), { recursive: true });
        const manifest = writeLiveSnapshot(engine, settings.file, settings.source);
        const position = manifest.position ?? {};
        written = `${engine.version}:${JSON.stringify(engine.position())}`;
        settings.onWritten?.((performance.now() - started) / 1000, position);
        return { position };
      } catch (error) {
        settings.onProblem?.(
          `could not write the live snapshot ${settings.file}: ${(error as Error).message}`,
        );
        return undefined;
      }
    }));
  const status = async (): Promise<LiveStatus | null> => {
    if (!consumer) return null;
    const lag = await consumer.lag();
    return {
      partitions: lag.map((p) => ({
        partition: p.partition,
        lagEvents: p.behind,
        // X's time of the latest event applied (what a history point's day follows).
        lastEventAt: p.lastEventAt,
        // X's time of the log's last event less that of the last applied (0 when caught up).
        behindMs: p.behindMs,
      })),
    };
  };
  return {
    log,
    deps: {
      sink: {
        append: async (events) => {
          await log.append(events);
        },
      },
      status,
      ...(checkpoints && { checkpoints }),
      ...(heartbeat && { heartbeat }),
      ...(collectorWatch && { collectorWatch }),
    },
    follow(engine, onError, snapshots) {
      settings = snapshots;
      starting = engine.then(
        async (e) => {
          if (closed) return undefined;
          if (!isLiveEngine(e)) throw new Error('The engine does not take live updates');
          // A live engine on this thread applies each batch in chunks of about a millisecond,
          // turning the event loop between them: a request waits a chunk, not a batch of catch-up.
          const target = isLiveAudienceEngine(e)
            ? {
                position: () => e.position(),
                apply: async (events: Parameters<typeof e.apply>[0], position: Record<string, number>) => {
                  const done = e.applyInSlices(events, position);
                  const tracked: Promise<void> = done
                    .then(
                      () => undefined,
                      () => undefined,
                    )
                    .then(() => {
                      if (applying === tracked) applying = undefined;
                    });
                  applying = tracked;
                  await done;
                },
              }
            : e;
          // One way to read the log, as the shard replicas do: one consumer in the log's sequence
          // order (an engine that read each partition on its own before resumes at its position, and
          // its per-partition consumers are removed).
          consumer = await consumeLive({
            log,
            engine: target,
            durableName: API_DURABLE,
            waitMs: 250,
            ordered: true,
            onRetired: (acknowledged) => options.onConsumersRetired?.(acknowledged, e.position()),
          });
          consumer.done.catch(onError);
          if (isLiveAudienceEngine(e)) {
            following = e;
            // What the engine started from is already on disk (or is the export): the first write
            // is due once something was applied.
            written = `${e.version}:${JSON.stringify(e.position())}`;
            if (settings && settings.everyMs > 0) {
              timer = setInterval(() => void writeSnapshot(true), settings.everyMs);
              timer.unref();
            }
          }
          return consumer;
        },
        () => undefined,
      );
      starting.catch(onError);
    },
    consumer: () => consumer,
    writeSnapshot: () => writeSnapshot(true),
    async close() {
      closed = true;
      clearInterval(timer);
      const c = await starting.catch(() => undefined);
      await c?.stop();
      // The consumer has stopped: this snapshot's position is the last applied (a blocking fold:
      // nothing else runs any more).
      await writeSnapshot(false);
      await log.close();
    },
  };
}
