import type { LiveEvent } from '@murmur/core/live';
import { partitionOfEvent, type LiveLog, type LiveReader } from './live-log';

/**
 * What the consumer needs of an engine: the narrow side of `@murmur/engine`'s live updates. `apply`
 * takes a batch of one partition, in the log's order, with the position it reaches (partition →
 * sequence of the batch's last event); `position` is what the engine has applied so far — restored
 * from its snapshot when it starts from one — and is where consumption resumes.
 */
export interface LiveEngine {
  apply(events: readonly LiveEvent[], position: Record<string, number>): void | Promise<void>;
  position(): Record<string, number>;
}

export interface ConsumeLiveOptions {
  log: LiveLog;
  engine: LiveEngine;
  /** The partitions to consume; every partition of the log by default. */
  partitions?: readonly number[];
  /** The durable consumer's name: one per engine or shard replica, stable across its restarts. */
  durableName: string;
  /** Events applied at once, at most. Default 500. */
  batch?: number;
  /** How long a read waits for an event before looking again (and noticing `stop`). Default 1 s. */
  waitMs?: number;
  onApplied?: (applied: { partition: number; events: number; position: number }) => void;
  /**
   * Read every partition through one reader in the log's sequence order (LiveLog.orderedReader)
   * instead of one reader per partition in whatever interleaving they come: every engine so fed
   * applies the log in one order, the order of a single engine that applied it in sequence, so
   * live shard replicas number the accounts and posts born live alike (docs/LIVE.md, "Insights on
   * live shards"). Batches then span partitions.
   */
  ordered?: boolean;
  /**
   * Told, with `ordered`, of the per-partition consumers of `durableName` that were removed once
   * the ordered one was in place (partition → the sequence each had acknowledged).
   */
  onRetired?: (acknowledged: Record<string, number>) => void;
}

export interface PartitionLag {
  partition: number;
  /** The sequence of the partition's last event in the log. */
  last: number;
  /** The sequence of the last event the engine applied. */
  applied: number;
  /** last − applied, in the log's sequence numbers: 0 when the engine is current. */
  behind: number;
  /**
   * X's time (`at`, ms since the epoch) of the latest event of the partition given to the engine
   * since this consumer started; null before any (after a restart, until the next event).
   */
  lastEventAt: number | null;
  /** X's time of the partition's last event in the log; null when the log holds none. */
  headEventAt: number | null;
  /**
   * How far the engine is behind X in time: 0 when current, else the log's last event time less
   * the last applied one; null when that is unknown (events wait, and none was applied since start).
   */
  behindMs: number | null;
}

export interface LiveConsumer {
  /** Per partition consumed, how far the engine is behind the log. */
  lag(): Promise<PartitionLag[]>;
  /** Stops reading after the batch in hand (applied and acknowledged), and closes the readers. */
  stop(): Promise<void>;
  /** Settles when consumption stops: rejected with the error that stopped it (an apply that threw). */
  readonly done: Promise<void>;
}

/**
 * Consumes the live log into the engine: per partition, a durable consumer starting after the
 * engine's position; each batch is applied, then acknowledged (so a crash between the two replays
 * the batch, and events the engine already has — at or below its position — are skipped, not
 * applied twice). Applies are serialised across partitions: the engine sees one batch at a time.
 */
export async function consumeLive(options: ConsumeLiveOptions): Promise<LiveConsumer> {
  const { log, engine, durableName } = options;
  const partitions = options.partitions ?? Array.from({ length: log.partitions }, (_, p) => p);
  const batch = options.batch ?? 500;
  const waitMs = options.waitMs ?? 1000;
  const start = engine.position();
  const applied = new Map(partitions.map((p) => [p, start[String(p)] ?? 0]));
  const lastEventAt = new Map<number, number>();
  const readers: LiveReader[] = [];
  const ordered = options.ordered === true;
  if (ordered && (!log.orderedReader || options.partitions)) {
    throw new Error('An ordered consumer reads every partition of a log that has an ordered reader.');
  }
  try {
    if (ordered) {
      // From the lowest partition's position: each partition's events at or below its own are skipped.
      const after = Math.min(...partitions.map((p) => applied.get(p)!));
      readers.push(await log.orderedReader!(durableName, after));
      // An engine that read each partition through a consumer of its own before (an upgrade): the
      // ordered consumer now records its position, so those are removed rather than left behind
      // holding messages. Where to resume is the engine's position, not theirs: it is what the
      // engine holds (a snapshot older than their last acknowledgement replays what came after it).
      const retired = (await log.retirePartitionReaders?.(durableName)) ?? {};
      if (Object.keys(retired).length > 0) options.onRetired?.(retired);
    } else {
      for (const p of partitions) readers.push(await log.reader(p, durableName, applied.get(p)!));
    }
  } catch (error) {
    await Promise.all(readers.map((r) => r.close()));
    throw error;
  }
  let stopped = false;
  let applying: Promise<void> = Promise.resolve();
  const serialised = (work: () => void | Promise<void>): Promise<void> => {
    const next = applying.then(work);
    applying = next.catch(() => undefined);
    return next;
  };

  const follow = async (partition: number, reader: LiveReader): Promise<void> => {
    while (!stopped) {
      const got = await reader.next(batch, waitMs);
      if (got.length === 0) continue;
      // Only events past the engine's position, in increasing order: a replay (a batch redelivered
      // after a crash, or after JetStream's ack_wait) brings older sequences again.
      const from = applied.get(partition)!;
      let top = from;
      let highest = 0;
      let latest = lastEventAt.get(partition) ?? -Infinity;
      const fresh: LiveEvent[] = [];
      for (const { seq, event } of got) {
        highest = Math.max(highest, seq);
        if (seq > top) {
          fresh.push(event);
          top = seq;
          latest = Math.max(latest, event.at);
        }
      }
      if (fresh.length > 0) {
        await serialised(() => engine.apply(fresh, { [String(partition)]: top }));
        applied.set(partition, top);
        lastEventAt.set(partition, latest);
        options.onApplied?.({ partition, events: fresh.length, position: top });
      }
      await reader.ack(highest);
    }
  };

  /** The ordered reader's loop: batches of several partitions, in sequence order. */
  const followAll = async (reader: LiveReader): Promise<void> => {
    while (!stopped) {
      const got = await reader.next(batch, waitMs);
      if (got.length === 0) continue;
      let highest = 0;
      const fresh: LiveEvent[] = [];
      const reached = new Map<number, { top: number; events: number; latest: number }>();
      for (const { seq, event } of got) {
        highest = Math.max(highest, seq);
        const partition = partitionOfEvent(event, log.partitions);
        const now = reached.get(partition) ?? {
          top: applied.get(partition)!,
          events: 0,
          latest: lastEventAt.get(partition) ?? -Infinity,
        };
        // A replay brings sequences at or below the partition's position again: skipped.
        if (seq > now.top) {
          fresh.push(event);
          reached.set(partition, {
            top: seq,
            events: now.events + 1,
            latest: Math.max(now.latest, event.at),
          });
        }
      }
      if (fresh.length > 0) {
        const position: Record<string, number> = {};
        for (const [partition, { top }] of reached) position[String(partition)] = top;
        await serialised(() => engine.apply(fresh, position));
        for (const [partition, { top, events, latest }] of reached) {
          applied.set(partition, top);
          lastEventAt.set(partition, latest);
          options.onApplied?.({ partition, events, position: top });
        }
      }
      await reader.ack(highest);
    }
  };

  const loops = ordered ? [followAll(readers[0]!)] : partitions.map((p, i) => follow(p, readers[i]!));
  const done = Promise.all(loops).then(
    () => undefined,
    (error: unknown) => {
      stopped = true;
      throw error;
    },
  );
  const closed = done
    .catch(() => undefined)
    .then(() => Promise.all(readers.map((r) => r.close())))
    .then(() => undefined);
  return {
    done,
    async lag() {
      return Promise.all(
        partitions.map(async (partition) => {
          const head = await log.head(partition);
          const at = applied.get(partition)!;
          const latest = lastEventAt.get(partition) ?? null;
          const behind = Math.max(0, head.seq - at);
          const behindMs =
            behind === 0 ? 0 : latest !== null && head.at !== null ? Math.max(0, head.at - latest) : null;
          return {
            partition,
            last: head.seq,
            applied: at,
            behind,
            lastEventAt: latest,
            headEventAt: head.at,
            behindMs,
          };
        }),
      );
    },
    async stop() {
      stopped = true;
      await closed;
    },
  };
}
