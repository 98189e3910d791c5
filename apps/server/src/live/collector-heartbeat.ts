/**
 * The collector's heartbeat (docs/LIVE.md "Freshness"): a collector that writes to a JetStream live
 * log also writes, every few seconds, the state of X's streams — how many are connected, the ones
 * that are not, and how long they have not been delivering — to a key beside its checkpoint (the KV
 * bucket `<LIVE_STREAM>_COLLECTOR`). An API server that does not run the collector reads it, so that
 * its freshness (`GET /api/engine/status/`, `/readyz`) counts an unreachable X, or a collector that
 * stopped or died, as behind although the log, which merely stopped growing, looks current.
 *
 * Beats are timed by the reader's own clock (when it saw a new revision), so that clocks of the
 * collector's and the API server's hosts need not agree; only the first value read, which may be
 * old, is timed by NATS's time of writing it.
 */

import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Collector, CollectorLog, StreamStats } from './collector';

const KEY = 'heartbeat';
/** Beats missed before the collector counts as gone (its last beat is then the last known delivery). */
const STALE_BEATS = 3;
/** Default time between beats (LIVE_HEARTBEAT_SECONDS). */
export const HEARTBEAT_MS = 5000;

/** How long X's streams have not been delivering, as far as the caller can tell (ms); null: unknown. */
export interface SourceWatch {
  behindMs(): number | null;
}

/**
 * How long the collector's streams have not been delivering at `at` (ms): 0 while every stream is
 * connected (X sends a keep-alive every 20 s, and the collector reconnects after 60 s without one);
 * otherwise the longest silence of a stream that is not, since its last line, or since `since` (the
 * collector's start) when it never had one.
 */
export function streamsBehindMs(streams: readonly StreamStats[], since: number, at: number): number {
  let behind = 0;
  for (const s of streams) {
    if (s.state === 'connected') continue;
    behind = Math.max(behind, at - (s.lastLineAt ?? since));
  }
  return Math.max(0, behind);
}

/** One beat, as written to the key (JSON). */
export interface CollectorBeat {
  /** The collector's wall clock when written (ms; for operators: readers time beats themselves). */
  at: number;
  /** `streamsBehindMs` at `at`. */
  behindMs: number;
  connected: number;
  streams: number;
  /** The streams not connected, with their state and last line (ms; null before any). */
  down: { stream: string; state: string; lastLineAt: number | null }[];
  /** Written by a collector that stopped: nothing is read from X from then on. */
  stopped?: true;
}

const isBeat = (v: unknown): v is CollectorBeat => {
  const b = v as Partial<CollectorBeat> | null;
  return typeof b === 'object' && b !== null && typeof b.at === 'number' && typeof b.behindMs === 'number';
};

/** The collector's bucket (its checkpoint and heartbeat), created when it is not there yet. */
export const openCollectorBucket = (nc: NatsConnection, bucket: string): Promise<KV> =>
  new Kvm(nc).create(bucket, { history: 1 });

export function beatOf(collector: Collector, since: number, at: number, stopped = false): CollectorBeat {
  const streams = collector.stats().streams;
  const down = streams.filter((s) => s.state !== 'connected');
  return {
    at,
    behindMs: streamsBehindMs(streams, since, at),
    connected: streams.length - down.length,
    streams: streams.length,
    down: down.map((s) => ({
      stream: s.partition === null ? s.kind : `${s.kind}#${s.partition}`,
      state: s.state,
      lastLineAt: s.lastLineAt,
    })),
    ...(stopped && { stopped: true as const }),
  };
}

export interface Heartbeat {
  /** Stops beating and writes a last beat that says the collector stopped. */
  stop(): Promise<void>;
}

/** Writes `collector`'s beat to `kv` now and every `everyMs`; a failed write is logged once a streak. */
export function startHeartbeat(options: {
  kv: KV;
  collector: Collector;
  everyMs: number;
  log: CollectorLog;
  now?: () => number;
}): Heartbeat {
  const { kv, collector, log } = options;
  const now = options.now ?? Date.now;
  const since = now();
  let failing = false;
  let writing: Promise<void> = Promise.resolve();
  const write = (stopped: boolean) =>
    (writing = writing.then(async () => {
      try {
        await kv.put(KEY, JSON.stringify(beatOf(collector, since, now(), stopped)));
        failing = false;
      } catch (error) {
        if (!failing) log.warn({ err: error }, 'live: collector heartbeat not written');
        failing = true;
      }
    }));
  void write(false);
  const timer = setInterval(() => void write(false), options.everyMs);
  timer.unref();
  let stopping: Promise<void> | undefined;
  return {
    stop: () =>
      (stopping ??= (async () => {
        clearInterval(timer);
        await write(true);
      })()),
  };
}

export interface HeartbeatWatch extends SourceWatch {
  close(): void;
}

/**
 * Reads the collector's beats from `kv` every `everyMs` (a read now first). `behindMs()`: the
 * last beat's delay plus the time since it, when a stream was down then, the collector had stopped,
 * or no new beat came for `STALE_BEATS` beats (the collector died, or NATS is unreachable); 0 for
 * a fresh beat with every stream connected; the time since this watch started while no beat was
 * ever written (no collector yet).
 */
export async function watchHeartbeat(options: {
  kv: KV;
  everyMs: number;
  now?: () => number;
}): Promise<HeartbeatWatch> {
  const { kv, everyMs } = options;
  const now = options.now ?? Date.now;
  const started = now();
  let last: { revision: number; beat: CollectorBeat; seenAt: number } | undefined;
  const read = async () => {
    try {
      const entry = await kv.get(KEY);
      if (!entry || entry.operation !== 'PUT' || entry.revision === last?.revision) return;
      const value: unknown = entry.json();
      if (!isBeat(value)) return;
      // The first value may be old: timed by when NATS stored it (never later than now).
      const seenAt = last ? now() : Math.min(now(), entry.created.getTime());
      last = { revision: entry.revision, beat: value, seenAt };
    } catch {
      // NATS unreachable or the value unreadable: the last beat grows stale.
    }
  };
  await read();
  let reading = false;
  const timer = setInterval(() => {
    if (reading) return;
    reading = true;
    void read().finally(() => (reading = false));
  }, everyMs);
  timer.unref();
  return {
    behindMs: () => {
      const at = now();
      if (!last) return at - started;
      const age = Math.max(0, at - last.seenAt);
      const stale = age > STALE_BEATS * everyMs;
      if (!stale && !last.beat.stopped && last.beat.behindMs === 0) return 0;
      return last.beat.behindMs + age;
    },
    close: () => clearInterval(timer),
  };
}
