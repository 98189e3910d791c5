/**
 * Where the collector process writes down how far it appended each of X's streams
 * (stream-coverage.ts): one key in a NATS KV bucket beside the live log, so that a process killed
 * with SIGKILL and started again resumes every stream from its own instant, not from X's last 5
 * minutes. Written after every append, the newest value only (a write in flight is followed by the
 * latest one); a write that fails is logged and the next one tries again: the checkpoint only ever
 * lags the log, which makes a restart replay more, never less.
 */

import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { CollectorLog } from './collector';
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

export async function openCheckpointStore(
  nc: NatsConnection,
  bucket: string,
  log: CollectorLog,
): Promise<CheckpointStore> {
  const kv: KV = await new Kvm(nc).create(bucket, { history: 1 });
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
