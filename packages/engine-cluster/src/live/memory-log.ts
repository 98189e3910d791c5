import type { LiveEvent } from '@murmur/core/live';
import {
  checkPartitions,
  partitionOfEvent,
  type AppendResult,
  type LiveLog,
  type LiveReader,
  type LogHead,
  type LoggedEvent,
} from './live-log';

/**
 * The live log in this process: an append-only array per partition, with the JetStream log's
 * behaviour (one sequence across the log, keys de-duplicated, a durable consumer's acknowledged
 * position kept while the log lives). For `npm start` without NATS and for unit tests; it is lost
 * with the process, so a restart replays from the engine's snapshot position only as far as the
 * log still holds (it holds nothing after a restart).
 */
export class MemoryLiveLog implements LiveLog {
  readonly partitions: number;
  private readonly logs: LoggedEvent[][];
  /** Every partition's events, in sequence order (orderedReader). */
  private readonly all: LoggedEvent[] = [];
  private readonly keys = new Set<string>();
  private readonly acked = new Map<string, number>();
  /** The durable consumers that have had a reader (the log keeps them, as JetStream does). */
  private readonly consumers = new Set<string>();
  private readonly waiting = new Set<() => void>();
  private seq = 0;

  constructor(partitions: number) {
    this.partitions = checkPartitions(partitions);
    this.logs = Array.from({ length: partitions }, () => []);
  }

  append(events: readonly LiveEvent[]): Promise<AppendResult> {
    let stored = 0;
    for (const event of events) {
      if (this.keys.has(event.key)) continue;
      this.keys.add(event.key);
      const logged = { seq: ++this.seq, event };
      this.logs[partitionOfEvent(event, this.partitions)]!.push(logged);
      this.all.push(logged);
      stored++;
    }
    if (stored > 0) for (const wake of [...this.waiting]) wake();
    return Promise.resolve({ stored, duplicates: events.length - stored });
  }

  lastSequence(partition: number): Promise<number> {
    return Promise.resolve(this.partition(partition).at(-1)?.seq ?? 0);
  }

  head(partition: number): Promise<LogHead> {
    const last = this.partition(partition).at(-1);
    return Promise.resolve({ seq: last?.seq ?? 0, at: last?.event.at ?? null });
  }

  reader(partition: number, durableName: string, after: number): Promise<LiveReader> {
    return this.readerOf(this.partition(partition), `${durableName}\u0000${partition}`, after);
  }

  orderedReader(durableName: string, after: number): Promise<LiveReader> {
    return this.readerOf(this.all, `${durableName}\u0000*`, after);
  }

  retirePartitionReaders(durableName: string): Promise<Record<string, number>> {
    const retired: Record<string, number> = {};
    for (let p = 0; p < this.partitions; p++) {
      const consumer = `${durableName}\u0000${p}`;
      if (!this.consumers.has(consumer)) continue;
      retired[String(p)] = this.acked.get(consumer) ?? 0;
      this.consumers.delete(consumer);
      this.acked.delete(consumer);
    }
    return Promise.resolve(retired);
  }

  private readerOf(log: LoggedEvent[], consumer: string, after: number): Promise<LiveReader> {
    let cursor = after;
    let closed = false;
    this.consumers.add(consumer);
    const take = (max: number) => {
      // The log is sorted by sequence: the first event after the cursor by binary search.
      let lo = 0;
      let hi = log.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (log[mid]!.seq <= cursor) lo = mid + 1;
        else hi = mid;
      }
      const batch = log.slice(lo, lo + max);
      if (batch.length > 0) cursor = batch.at(-1)!.seq;
      return batch;
    };
    return Promise.resolve({
      next: async (max: number, waitMs: number) => {
        const now = take(max);
        if (now.length > 0 || closed || waitMs <= 0) return now;
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            this.waiting.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, waitMs);
          this.waiting.add(wake);
        });
        return take(max);
      },
      ack: (seq: number) => {
        this.acked.set(consumer, Math.max(this.acked.get(consumer) ?? 0, seq));
        return Promise.resolve();
      },
      acknowledged: () => Promise.resolve(this.acked.get(consumer) ?? 0),
      close: () => {
        closed = true;
        return Promise.resolve();
      },
    });
  }

  close(): Promise<void> {
    for (const wake of [...this.waiting]) wake();
    return Promise.resolve();
  }

  private partition(partition: number): LoggedEvent[] {
    const log = this.logs[partition];
    if (!log) throw new RangeError(`No partition ${partition} (the log has ${this.partitions})`);
    return log;
  }
}
