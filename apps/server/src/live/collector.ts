/**
 * The collector (ARCHITECTURE "The live path"): one per deployment, in the server's process or on its
 * own (collector-main.ts). It holds one connection per X stream — per partition of the partitioned
 * ones — translates every line into `@murmur/core/live` events and appends them, in small batches
 * and in arrival order, to the live log (`LiveSink`; engine-cluster's LiveLog in a deployment).
 *
 * Nothing is lost: every connection attempt asks X for what its stream missed (stream-coverage.ts):
 * a reconnection the minutes it was silent, a restarted collector each stream from the instant the
 * killed one had written down (`checkpoint`), through X's Recovery past X's 5 minutes of backfill;
 * an attempt X refused for its connection budget waits for X's reset instant (stream-client.ts).
 * Nothing is passed on twice: the replayed lines carry the
 * same event keys, and the collector drops keys it has already appended within the backfill window
 * (the log and the engine's idempotent apply are the second line of defence for what falls outside).
 */

import type { LiveEvent } from '@murmur/core/live';
import {
  MAX_BACKFILL_MINUTES,
  openXStream,
  type XReplay,
  type XRetry,
  type XStreamConnection,
  type XStreamState,
} from '../integrations/x-streams/stream-client';
import type { StreamSpec } from './stream-specs';
import { StreamCoverage, streamId, type StreamCheckpoint } from './stream-coverage';
import { SeenUsers, translate, type XStreamKind } from './translate';

/** Where the collector appends: the live log, partitioned by `partitionOf(ownerOf(event))`. */
export interface LiveSink {
  append(events: readonly LiveEvent[]): Promise<void>;
}

export interface CollectorLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CollectorOptions {
  /** X API v2 base ending in /2/ (X_STREAM_URL). */
  baseUrl: string;
  bearerToken: string;
  /** The connections to hold; `streamSpecs(X_STREAM_PARTITIONS)` in a deployment. */
  streams: StreamSpec[];
  sink: LiveSink;
  log: CollectorLog;
  /** Events per append (default 500). */
  batchSize?: number;
  /** Longest wait before a partial batch is appended (default 50 ms). */
  flushMs?: number;
  /** Backfill on a stream's first connection when `checkpoint` has none for it (default X's 5). */
  initialBackfillMinutes?: number;
  /** How far an earlier collector had appended each stream: this one resumes from there. */
  checkpoint?: StreamCheckpoint;
  /** Told, after each append, how far every stream is appended (to write it down for a restart). */
  onCheckpoint?: (checkpoint: StreamCheckpoint) => void;
  retryDelayMs?: (attempt: number) => number;
  keepAliveTimeoutMs?: number;
  /** Keys remembered to drop replayed events (default 2 000 000; beyond it the oldest go first). */
  maxRememberedKeys?: number;
  now?: () => number;
  /**
   * X's clock, read when resuming from `checkpoint` (default `xClock`: the Date header of X's
   * answer to a HEAD of `baseUrl`); undefined when it cannot be read.
   */
  xNow?: (baseUrl: string) => Promise<number | undefined>;
}

/**
 * X's time now, from the `Date` header X's API answers with (RFC 9110: every answer of a server
 * with a clock): a HEAD of the v2 base, which needs no credentials and spends none of X's limits.
 * Undefined when X cannot be reached or sends no date (the collector then counts by its own clock).
 */
export async function xClock(baseUrl: string, timeoutMs = 5000): Promise<number | undefined> {
  try {
    const res = await fetch(baseUrl, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    const at = Date.parse(res.headers.get('date') ?? '');
    return Number.isFinite(at) ? at : undefined;
  } catch {
    return undefined;
  }
}

export interface StreamStats {
  kind: XStreamKind;
  partition: number | null;
  state: XStreamState;
  reconnects: number;
  lines: number;
  events: number;
  duplicates: number;
  ignored: number;
  malformed: number;
  errors: number;
  /** When the last line or keep-alive arrived (ms), null before any. */
  lastLineAt: number | null;
}

export interface CollectorStats {
  streams: StreamStats[];
  /** Events appended to the sink. */
  appended: number;
  /** Events translated but not yet appended. */
  pending: number;
  /** Failed appends so far (each is retried). */
  appendFailures: number;
}

export interface Collector {
  start(): Promise<void>;
  /** Closes the connections and appends what is pending. */
  stop(): Promise<void>;
  stats(): CollectorStats;
}

/**
 * Resolves once every stream of `collector` is connected, looked at from a later turn of the event
 * loop on (every `everyMs`); false when `timeoutMs` passed first. After work that held the loop past
 * the streams' keep-alive timeout (an index built from a file), the stats still say "connected" at
 * the instant it ends; the timeouts fire on the next turn and those streams reconnect. main.ts lets a
 * held sandbox clock run only once they are connected again.
 */
export async function streamsSettled(
  collector: Pick<Collector, 'stats'>,
  options: { timeoutMs?: number; everyMs?: number; now?: () => number } = {},
): Promise<boolean> {
  const { timeoutMs = 60_000, everyMs = 250, now = Date.now } = options;
  const started = now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    if (collector.stats().streams.every((s) => s.state === 'connected')) return true;
    if (now() - started >= timeoutMs) return false;
  }
}

/** Exponential backoff from 1 s to 5 min, as X asks of stream clients after an HTTP error. */
export const defaultRetryDelay = (attempt: number): number => Math.min(300_000, 1000 * 2 ** (attempt - 1));

/**
 * The keys of recent events, to drop a replay. X replays at most 5 minutes, so a key older than that
 * (by event time, against the newest seen) cannot come back through backfill and is forgotten.
 */
class RecentKeys {
  readonly #at = new Map<string, number>();
  #newest = 0;

  constructor(
    private readonly windowMs: number,
    private readonly max: number,
  ) {}

  /** True the first time a key is offered. */
  add(key: string, at: number): boolean {
    if (this.#at.has(key)) return false;
    this.#at.set(key, at);
    if (at > this.#newest) this.#newest = at;
    const horizon = this.#newest - this.windowMs;
    for (const [old, oldAt] of this.#at) {
      if (this.#at.size <= this.max && oldAt >= horizon) break;
      this.#at.delete(old);
    }
    return true;
  }
}

/**
 * A failed attempt, in the log: a refusal for X's connection budget says when X resets it. X's time
 * when it refused (its Date) goes to the coverage: the next attempt asks back the whole outage in X's
 * time, which the wall clock tells only where X's clock runs with it (not the sandbox's fast one).
 */
const onRetry =
  (log: CollectorLog, spec: StreamSpec, coverage: StreamCoverage) =>
  (retry: XRetry): void => {
    if (retry.xTime !== undefined) coverage.xTimeIs(retry.xTime);
    log.warn(
      { stream: spec.path, partition: spec.partition, ...retry },
      retry.status === 429 && retry.remaining === 0
        ? "live: stream refused (X's connection attempts spent), retrying at X's reset"
        : 'live: stream connection failed, retrying',
    );
  };

/**
 * A restart resumes each stream from its checkpoint: within X's backfill or through Recovery, which
 * depends on X's time now (stream-coverage.ts), read from X itself.
 */
async function readXTime(options: CollectorOptions, coverage: StreamCoverage): Promise<void> {
  const xNow = await (options.xNow ?? xClock)(options.baseUrl);
  if (xNow !== undefined) coverage.xTimeIs(xNow);
}

/** The newest event time per stream in a batch (`from[i]`: the stream of `batch[i]`). */
function newestByStream(batch: readonly LiveEvent[], from: readonly number[]): Map<number, number> {
  const newest = new Map<number, number>();
  batch.forEach((e, i) => {
    if (e.at > (newest.get(from[i]!) ?? -Infinity)) newest.set(from[i]!, e.at);
  });
  return newest;
}

const freshStats = (s: StreamSpec): StreamStats => ({
  kind: s.kind,
  partition: s.partition ?? null,
  state: 'connecting',
  reconnects: 0,
  lines: 0,
  events: 0,
  duplicates: 0,
  ignored: 0,
  malformed: 0,
  errors: 0,
  lastLineAt: null,
});

export function createCollector(options: CollectorOptions): Collector {
  const { sink, log } = options;
  const batchSize = options.batchSize ?? 500;
  const flushMs = options.flushMs ?? 50;
  const now = options.now ?? Date.now;
  const seen = new SeenUsers();
  // One more minute than X replays, for clock skew between X's event times and arrival.
  const recent = new RecentKeys((MAX_BACKFILL_MINUTES + 1) * 60_000, options.maxRememberedKeys ?? 2_000_000);
  const connections: XStreamConnection[] = [];
  const coverage = new StreamCoverage({
    ids: options.streams.map((s) => streamId(s.path, s.partition)),
    ...(options.checkpoint && { checkpoint: options.checkpoint }),
    initialBackfillMinutes: options.initialBackfillMinutes ?? MAX_BACKFILL_MINUTES,
    now,
  });
  const stats = options.streams.map(freshStats);
  /**
   * Per stream, the instant before which an earlier process had appended every event (its
   * checkpoint): what a restart's replay brings again from before it is dropped here, not left to
   * the live log's de-duplication window (6 minutes; a Recovery after X's 15-minute connection
   * budget reaches further back). docs/LIVE.md "Restarts and kill -9".
   */
  const appendedBefore = options.streams.map(
    (s) => options.checkpoint?.coverage[streamId(s.path, s.partition)] ?? -Infinity,
  );
  const hadConnection = options.streams.map(() => false);
  const asked: XReplay[] = options.streams.map(() => null);
  let pending: LiveEvent[] = [];
  /** The stream each pending event came from (its index in `options.streams`). */
  let pendingFrom: number[] = [];
  let appended = 0;
  let appendFailures = 0;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let stopped = false;

  /** Appends in order, one batch at a time; a failed append is retried, never dropped. */
  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    flushing = flushing.then(async () => {
      for (let attempt = 1; pending.length > 0;) {
        const batch = pending.slice(0, batchSize);
        try {
          await sink.append(batch);
          const newest = newestByStream(batch, pendingFrom);
          pending = pending.slice(batch.length);
          pendingFrom = pendingFrom.slice(batch.length);
          appended += batch.length;
          attempt = 1;
          coverage.appended(newest);
          options.onCheckpoint?.(coverage.checkpoint());
        } catch (error) {
          appendFailures++;
          log.error({ err: error, events: batch.length, attempt }, 'live: append to the live log failed');
          await new Promise((r) => setTimeout(r, Math.min(10_000, 100 * 2 ** attempt++)));
        }
      }
    });
    return flushing;
  };

  const enqueue = (events: LiveEvent[], from: number) => {
    pending.push(...events);
    pendingFrom.push(...events.map(() => from));
    if (pending.length >= batchSize) void flush();
    else timer ??= setTimeout(() => void flush(), flushMs);
  };

  const onLine = (index: number, spec: StreamSpec) => (line: unknown) => {
    const stat = stats[index]!;
    stat.lines++;
    stat.lastLineAt = now();
    const out = translate(spec.kind, line, seen);
    coverage.heard(index, out.outcome === 'events' ? Math.max(...out.events.map((e) => e.at)) : undefined);
    switch (out.outcome) {
      case 'events': {
        const before = appendedBefore[index]!;
        // A `user` event stays: it goes with the first event naming the account in this process
        // (which may be one dropped here), and applying it again is harmless.
        const fresh = out.events.filter(
          (e) => (e.type === 'user' || e.at >= before) && recent.add(e.key, e.at),
        );
        stat.duplicates += out.events.length - fresh.length;
        stat.events += fresh.length;
        if (fresh.length > 0) enqueue(fresh, index);
        return;
      }
      case 'ignored':
        stat.ignored++;
        return;
      case 'error':
        stat.errors++;
        log.warn(
          { stream: spec.path, partition: spec.partition, reason: out.reason },
          'live: X sent an error',
        );
        return;
      case 'malformed':
        stat.malformed++;
        log.warn(
          { stream: spec.path, partition: spec.partition, reason: out.reason },
          'live: malformed stream line skipped',
        );
    }
  };

  return {
    async start() {
      if (options.checkpoint) await readXTime(options, coverage);
      const opened = await Promise.all(
        options.streams.map((spec, i) => {
          const stat = stats[i]!;
          return openXStream({
            baseUrl: options.baseUrl,
            bearerToken: options.bearerToken,
            path: spec.path,
            query: spec.query,
            replay: (connectedBefore, silentMs) => (asked[i] = coverage.replay(i, connectedBefore, silentMs)),
            retryDelayMs: options.retryDelayMs ?? defaultRetryDelay,
            onRetry: onRetry(log, spec, coverage),
            keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? 60_000,
            now,
            onKeepAlive: () => {
              stat.lastLineAt = now();
              coverage.heard(i);
            },
            onLine: onLine(i, spec),
            onParseError: (error) => {
              stat.malformed++;
              log.warn(
                { stream: spec.path, partition: spec.partition, err: error },
                'live: unparsable stream line',
              );
            },
            onState: (state, detail) => {
              if (stopped) return;
              if (state === 'connected' && hadConnection[i]) stat.reconnects++;
              if (state === 'connected') hadConnection[i] = true;
              stat.state = state;
              coverage.connected(i, state === 'connected');
              const fields = { stream: spec.path, partition: spec.partition, detail };
              if (state === 'reconnecting' || state === 'closed') log.warn(fields, `live: stream ${state}`);
              // With what it asked X to replay: `backfillMinutes`, or `startTime` (X's Recovery).
              else if (state === 'connected') log.info({ ...fields, ...asked[i] }, 'live: stream connected');
            },
          });
        }),
      );
      connections.push(...opened);
    },
    async stop() {
      stopped = true;
      for (const c of connections.splice(0)) c.close();
      for (const s of stats) s.state = 'closed';
      await flush();
    },
    stats: () => ({
      streams: stats.map((s) => ({ ...s })),
      appended,
      pending: pending.length,
      appendFailures,
    }),
  };
}
