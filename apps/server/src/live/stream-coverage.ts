/**
 * How far each of X's streams has been read, in X's time, and what a connection attempt must ask X
 * to replay so that nothing between is lost (docs/LIVE.md "Restarts and kill -9").
 *
 * A stream's coverage is the instant before which every one of its events is in the live log. It
 * moves with the events the collector appended: the stream's own newest (X sends a partition's
 * events in order, older first on a replay), and, while the stream is connected and has caught up
 * (heard from, its own newest within 5 minutes of the others), the newest of any stream less X's 5
 * minutes (streams lag each other by less than that, the rule backfill rests on too; this moves the
 * coverage of a quiet stream, such as a compliance partition, that has nothing to append). The collector writes the coverage down (collector-checkpoint.ts) so that a restarted
 * process resumes every stream from its own instant: within X's 5 minutes through
 * `backfill_minutes`, beyond them through X's Recovery (`start_time`, up to 24 hours). A partition
 * that waits out X's connection budget (50 attempts per 15 minutes per app and firehose) therefore
 * loses nothing; it is only late.
 */

import {
  MAX_BACKFILL_MINUTES,
  MAX_RECOVERY_MS,
  backfillFor,
  type XReplay,
} from '../integrations/x-streams/stream-client';

const MINUTE = 60_000;
/** X's backfill: also the lag between streams that coverage allows for. */
const BACKFILL_MS = MAX_BACKFILL_MINUTES * MINUTE;
/** Asked before a stream's coverage: events of the same second, and a partition's small disorder. */
const MARGIN_MS = MINUTE;

/** The coverage a collector wrote down: per stream (`streamId`), and X's time and ours when written. */
export interface StreamCheckpoint {
  coverage: Record<string, number>;
  /** X's time (the newest event appended; null before any) and the wall clock when it was written, in ms. */
  xTime: number | null;
  savedAt: number;
}

export interface StreamCoverageOptions {
  /** Stream ids (`streamId`), in the collector's order. */
  ids: readonly string[];
  /** What an earlier process wrote down; none on a first start. */
  checkpoint?: StreamCheckpoint;
  /** Backfill a stream asks for on its first connection when nothing was written down (X's 5). */
  initialBackfillMinutes: number;
  now: () => number;
}

/** A stream's id in a checkpoint: its path and partition. */
export const streamId = (path: string, partition: number | undefined): string =>
  partition === undefined ? path : `${path}#${partition}`;

interface StreamState {
  /** Every event of the stream before this instant (X's time, ms) is in the log. */
  covered?: number;
  connected: boolean;
  /** A line or keep-alive came on the current connection. */
  heard: boolean;
  /** The newest event time read on the current connection. */
  newest?: number;
  /** X's time (newest event read from any stream) when the stream last heard from X. */
  heardAt: number;
}

export class StreamCoverage {
  readonly #streams: StreamState[];
  /** The newest event time appended from any stream (X's time as far as the log knows it). */
  #appended: number;
  /** The newest event time read from any stream. */
  #seen = -Infinity;
  /** X's time as X last told it (its Date header), and the wall clock then. */
  #told: { x: number; at: number } | undefined;

  constructor(private readonly options: StreamCoverageOptions) {
    const written = options.checkpoint?.coverage ?? {};
    this.#streams = options.ids.map((id) => ({
      ...(written[id] !== undefined && { covered: written[id] }),
      connected: false,
      heard: false,
      heardAt: -Infinity,
    }));
    this.#appended = options.checkpoint?.xTime ?? -Infinity;
  }

  connected(stream: number, yes: boolean): void {
    const s = this.#streams[stream]!;
    s.connected = yes;
    s.heard = false;
    delete s.newest;
  }

  /** A line or keep-alive of `stream` arrived; `at`: the newest event time it carried. */
  heard(stream: number, at?: number): void {
    const s = this.#streams[stream]!;
    if (at !== undefined) {
      if (at > this.#seen) this.#seen = at;
      if (at > (s.newest ?? -Infinity)) s.newest = at;
    }
    s.heard = true;
    s.heardAt = this.#seen;
  }

  /** Events are in the log: `newest` holds, per stream index, the newest event time appended from it. */
  appended(newest: ReadonlyMap<number, number>): void {
    for (const at of newest.values()) if (at > this.#appended) this.#appended = at;
    const everyStream = this.#appended - BACKFILL_MS;
    this.#streams.forEach((s, i) => {
      let next = Math.max(s.covered ?? -Infinity, newest.get(i) ?? -Infinity);
      // A connection that has caught up (nothing read yet, or its newest within the lag of the
      // others) has sent everything older than the others less the lag. One still replaying has not.
      if (s.connected && s.heard && (s.newest ?? Infinity) >= everyStream) next = Math.max(next, everyStream);
      // A stream never appended before (a first start) asked X's 5 minutes, which X sends first: what
      // is older than the others less 5 minutes is before anything any stream was asked for.
      if (s.connected && s.covered === undefined) next = Math.max(next, everyStream);
      if (Number.isFinite(next)) s.covered = next;
    });
  }

  /** X says its time is `x` (ms) now. */
  xTimeIs(x: number): void {
    this.#told = { x, at: this.options.now() };
  }

  /** X's time now, as near as the collector can tell. */
  #xNow(): number {
    const written = this.options.checkpoint;
    const wall = this.options.now();
    // X's clock runs with the wall clock (in the sandbox faster: then these are lower bounds, and
    // what X said of its time on the restart is what tells an outage past X's backfill).
    const sinceWritten =
      written?.xTime != null ? written.xTime + Math.max(0, wall - written.savedAt) : -Infinity;
    const sinceTold = this.#told ? this.#told.x + Math.max(0, wall - this.#told.at) : -Infinity;
    return Math.max(this.#seen, this.#appended, sinceWritten, sinceTold);
  }

  /** What an attempt of `stream` asks X to replay (stream-client.ts's `replay`). */
  replay(stream: number, connectedBefore: boolean, silentMs: number): XReplay {
    const s = this.#streams[stream]!;
    const xNow = this.#xNow();
    let from: number;
    if (connectedBefore) {
      // A dropped connection: silent for the wall clock's time, or for X's as other streams tell it.
      const gap = Math.max(silentMs, xNow - s.heardAt);
      if (!Number.isFinite(gap) || gap <= BACKFILL_MS) return { backfillMinutes: backfillFor(gap) };
      from = Math.min(s.heardAt - BACKFILL_MS, s.covered ?? Infinity) - MARGIN_MS;
    } else {
      if (s.covered === undefined) return { backfillMinutes: this.options.initialBackfillMinutes };
      from = s.covered - MARGIN_MS;
      // Within X's backfill (a minute to spare for X's clock running ahead of this estimate): backfill.
      const minutes = Math.ceil((xNow - from + MINUTE) / MINUTE);
      if (minutes <= MAX_BACKFILL_MINUTES) return { backfillMinutes: Math.max(1, minutes) };
    }
    // Beyond it: X's Recovery, as far back as X keeps (what is older is lost).
    return { startTime: Math.max(from, xNow - MAX_RECOVERY_MS + MINUTE) };
  }

  checkpoint(): StreamCheckpoint {
    const coverage: Record<string, number> = {};
    this.options.ids.forEach((id, i) => {
      const covered = this.#streams[i]!.covered;
      if (covered !== undefined) coverage[id] = covered;
    });
    return {
      coverage,
      xTime: Number.isFinite(this.#appended) ? this.#appended : null,
      savedAt: this.options.now(),
    };
  }
}
