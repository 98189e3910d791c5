/**
 * Where the collector (its own process, or inside an API server with a JetStream live log) writes down how far it appended each of X's streams
 * (stream-coverage.ts): one key in a NATS KV bucket beside the live log, so that a process killed
 * with SIGKILL and started again resumes every stream from its own instant, not from X's last 5
 * minutes. Written after every append, the newest value only (a write in flight is followed by the
 * latest one); a write that fails is logged and the next one tries again: the checkpoint only ever
 * lags the log, which makes a restart replay more, never less.
 */

import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { createCollector, type Collector, type CollectorLog, type CollectorOptions } from './collector';
import { openCollectorBucket, startHeartbeat, type Heartbeat } from './collector-heartbeat';
import type { StreamCheckpoint } from './stream-coverage';

const KEY = 'coverage';

export interface CheckpointStore {
  /** What the last process wrote; undefined on a first start (or an unreadable value). */
  load(): Promise<StreamCheckpoint | undefined>;
  save(checkpoint: StreamCheckpoint): void;
  /** Waits for the last value given to `save` to be written. */
  flush(): Promise<void>;
}

/** The bucket of the live stream `stream` (one collector per deployment, so one key). */
export const checkpointBucket = (stream: string): string => `${stream}_COLLECTOR`;

const isCheckpoint = (value: unknown): value is StreamCheckpoint => {
  const v = value as Partial<StreamCheckpoint> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.coverage === 'object' &&
    v.coverage !== null &&
    Object.values(v.coverage).every((at) => typeof at === 'number') &&
    (v.xTime === null || typeof v.xTime === 'number') &&
    typeof v.savedAt === 'number'
  );
};

/** The checkpoint store in `bucket`, with the bucket itself (where the heartbeat is written too). */
export async function openCheckpointStore(
  nc: NatsConnection,
  bucket: string,
  log: CollectorLog,
): Promise<CheckpointStore & { kv: KV }> {
  const kv = await openCollectorBucket(nc, bucket);
  let next: StreamCheckpoint | undefined;
  let writing: Promise<void> = Promise.resolve();
  let busy = false;
  const write = async () => {
    busy = true;
    while (next) {
      const value = next;
      next = undefined;
      try {
        await kv.put(KEY, JSON.stringify(value));
      } catch (error) {
        log.warn({ err: error, bucket }, 'live: collector checkpoint not written');
      }
    }
    busy = false;
  };
  return {
    kv,
    async load() {
      const entry = await kv.get(KEY);
      if (!entry || entry.operation !== 'PUT') return undefined;
      try {
        const value: unknown = entry.json();
        if (isCheckpoint(value)) return value;
      } catch {
        // Falls through: a value this code cannot read is as none.
      }
      log.warn({ bucket }, 'live: collector checkpoint unreadable, starting from X’s backfill');
      return undefined;
    },
    save(checkpoint) {
      next = checkpoint;
      if (!busy) writing = write();
    },
    flush: () => writing,
  };
}

/** A collector started from a checkpoint store, and how to stop it with its last checkpoint written. */
export interface CheckpointedCollector {
  collector: Collector;
  /** Whether an earlier collector's checkpoint was found (the streams resume from it). */
  resumed: boolean;
  /** Closes the streams, appends what is pending, and writes the last checkpoint and beat. */
  stop(): Promise<void>;
}

/** Where and how often the collector writes its heartbeat (collector-heartbeat.ts). */
export interface HeartbeatTarget {
  kv: KV;
  everyMs: number;
}

/**
 * Starts a collector that resumes from what `store` holds and writes its checkpoint there after
 * every append: the one path of the collector process and of the collector inside an API server.
 * Without a store (a live log in the server's memory, lost on restart anyway) it starts from X's
 * backfill and writes nothing. With `heartbeat` it also writes the streams' state there every few
 * seconds, for the API servers that do not run it (docs/LIVE.md "Freshness").
 */
export async function startCheckpointedCollector(
  options: Omit<CollectorOptions, 'checkpoint' | 'onCheckpoint'>,
  store: CheckpointStore | undefined,
  heartbeat?: HeartbeatTarget,
): Promise<CheckpointedCollector> {
  const checkpoint = await store?.load();
  const collector = createCollector({
    ...options,
    ...(checkpoint && { checkpoint }),
    ...(store && { onCheckpoint: (c: StreamCheckpoint) => store.save(c) }),
  });
  await collector.start();
  const beats: Heartbeat | undefined =
    heartbeat && startHeartbeat({ ...heartbeat, collector, log: options.log });
  let stopping: Promise<void> | undefined;
  return {
    collector,
    resumed: checkpoint !== undefined,
    stop: () =>
      (stopping ??= (async () => {
        await collector.stop();
        await store?.flush();
        await beats?.stop();
      })()),
  };
}
