import { ownerOf, partitionOf, type LiveEvent } from '@murmur/core/live';

/**
 * The live log (issue: live data from X's streams): the durable, partitioned sequence of live events
 * the collector appends and the engine and every shard replica consume. Two implementations share
 * this interface: JetStream (jetstream-log.ts: the deployment's log, durable across restarts) and
 * in-process (memory-log.ts: `npm start` without NATS, and unit tests).
 *
 * Sequences are the log's own numbers (JetStream's stream sequence): increasing across the whole
 * log, so increasing within each partition too, but not dense within a partition. A position is, per
 * partition, the sequence of the last event applied; 0 (or absent) is "nothing applied".
 */
export interface LiveLog {
  readonly partitions: number;
  /**
   * Appends each event to its partition (`partitionOf(ownerOf(event))`, the live contract's rule 8).
   * An event whose key was appended before (within the de-duplication window) is not stored again.
   */
  append(events: readonly LiveEvent[]): Promise<AppendResult>;
  /** The sequence of the partition's last event (0 when it has none). */
  lastSequence(partition: number): Promise<number>;
  /**
   * The partition's last event: its sequence and X's time of it (`at`), or `{ seq: 0, at: null }`
   * when it has none. How far a consumer is behind in time is this `at` less the last one it applied.
   */
  head(partition: number): Promise<LogHead>;
  /**
   * A reader of one partition for the consumer `durableName`, delivering in order the events after
   * `after` (the engine's position in that partition).
   */
  reader(partition: number, durableName: string, after: number): Promise<LiveReader>;
  /**
   * A reader of every partition at once for the consumer `durableName`, delivering the events after
   * `after` in the log's sequence order (JetStream's stream order): every reader applies them in the
   * same order whatever its batches, so live shard replicas number what is born live alike
   * (docs/LIVE.md, "Insights on live shards"). Each event's partition is `partitionOfEvent`.
   */
  orderedReader?(durableName: string, after: number): Promise<LiveReader>;
  /**
   * Removes the per-partition consumers of `durableName` (the `reader`s of an engine that now reads
   * through `orderedReader`), returning what each had acknowledged (partition → sequence; empty when
   * there were none). Called once the ordered consumer is in place, so there is always one durable
   * record of how far the engine has applied the log.
   */
  retirePartitionReaders?(durableName: string): Promise<Record<string, number>>;
  close(): Promise<void>;
}

export interface LogHead {
  seq: number;
  at: number | null;
}

export interface AppendResult {
  stored: number;
  /** Events whose key the log had already stored. */
  duplicates: number;
}

export interface LoggedEvent {
  seq: number;
  event: LiveEvent;
}

export interface LiveReader {
  /** Up to `max` next events, waiting at most `waitMs` for the first; [] when none came. */
  next(max: number, waitMs: number): Promise<LoggedEvent[]>;
  /** Acknowledges every event up to `seq` (after the engine applied them). */
  ack(seq: number): Promise<void>;
  /** The last acknowledged sequence, as the log records it for this consumer. */
  acknowledged(): Promise<number>;
  close(): Promise<void>;
}

/** The partition of an event (the live contract's rule 8). */
export const partitionOfEvent = (event: LiveEvent, partitions: number): number =>
  partitionOf(ownerOf(event), partitions);

/** A positive integer setting, or a RangeError saying which. */
export function checkPartitions(partitions: number): number {
  if (!Number.isInteger(partitions) || partitions < 1 || partitions > 1024) {
    throw new RangeError(`partitions must be an integer from 1 to 1024, not ${String(partitions)}`);
  }
  return partitions;
}
