import type { NatsConnection } from '@nats-io/transport-node';
import { consumeLive, type ConsumeLiveOptions, type LiveConsumer, type LiveEngine } from './consume-live';
import { JetStreamLiveLog } from './jetstream-log';

/**
 * An engine that takes live events. `@murmur/engine`'s engines gain `apply` and `position` with its
 * live updates; until an engine has them, a replica asked to follow the live log refuses to start
 * rather than serve a frozen index as if it were current.
 */
export function isLiveEngine(engine: object): engine is LiveEngine {
  const e = engine as Partial<LiveEngine>;
  return typeof e.apply === 'function' && typeof e.position === 'function';
}

/** A durable consumer name per shard replica, stable across its restarts (JetStream allows no dots). */
export const replicaDurableName = (shard: number, shards: number, replica: string): string =>
  `murmur-shard-${shard}-of-${shards}-r${replica}`.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * A shard replica follows the live log: it consumes EVERY partition and its engine applies what
 * concerns its own accounts and posts, skipping the rest. Partitions cannot be given to shards: a
 * shard owns the accounts of its export numbers (shardOf(n)), which has nothing to do with the
 * partition of their X id, and one event touches two accounts that may live on two shards (a like:
 * the liker and the post's author; a follow: the follower, who keeps the row, and the followed, whose
 * follower count moves). Each replica reads the whole log, which is small beside its index — through
 * one consumer, in the log's sequence order (consumeLive `ordered`), so that every replica of every
 * shard applies it in the same order and numbers the accounts and posts born live alike, as a single
 * engine that applied the log in sequence does (docs/LIVE.md, "Insights on live shards").
 */
export async function followLive(
  nc: NatsConnection,
  engine: object,
  options: {
    partitions: number;
    shard: number;
    shards: number;
    replica: string;
    stream?: string;
    /** Events applied at once, at most (consumeLive's default otherwise). */
    batch?: number;
    waitMs?: number;
    /** The log, already open (a live shard opens it first: its snapshots name the stream). */
    log?: JetStreamLiveLog;
    onApplied?: ConsumeLiveOptions['onApplied'];
  },
): Promise<LiveConsumer> {
  if (!isLiveEngine(engine)) {
    throw new Error(
      'This engine does not apply live events (no apply/position): the replica cannot follow the log.',
    );
  }
  const log =
    options.log ??
    (await JetStreamLiveLog.open({
      nc,
      partitions: options.partitions,
      ...(options.stream && { stream: options.stream }),
    }));
  return consumeLive({
    log,
    engine,
    durableName: replicaDurableName(options.shard, options.shards, options.replica),
    ordered: true,
    ...(options.batch !== undefined && { batch: options.batch }),
    ...(options.waitMs !== undefined && { waitMs: options.waitMs }),
    ...(options.onApplied && { onApplied: options.onApplied }),
  });
}
