/** The stream position applied: per partition, the last sequence number (JetStream's). */
export type StreamPosition = Record<string, number>;

export interface LiveStats {
  /** Events that changed the index. */
  applied: number;
  /** Events that changed nothing: replays, a follow of an existing edge, unknown accounts or posts. */
  skipped: number;
  /**
   * Events held when they came, neither applied nor skipped (each event counts once, in one of the
   * three): a reference to an account or post not seen yet, or a delete of a post not seen yet. What
   * they change is applied later, when that account or post comes (docs/LIVE.md).
   */
  deferred: number;
  /** References and tombstones held now (at most LiveOptions.maxHeld). */
  held: number;
  /** Terms and accounts whose postings differ from the last compaction's. */
  deltaTerms: number;
  /** Approximate bytes of the postings materialised since the last compaction. */
  deltaBytes: number;
  /** `at` of the latest event applied (ms since the epoch), 0 before any. */
  lastEventAt: number;
  /** When the last batch was applied (ms since the epoch), 0 before any. */
  lastAppliedAt: number;
  compactions: number;
  /**
   * Posts whose term rows the index holds outside the posts' CSR (added live since the last
   * compaction): a background or inline compaction folds them in.
   */
  livePostRows: number;
  /**
   * CPU time of this process spent compacting, background slices and inline compactions (ms; of
   * every thread of the process, as `process.cpuUsage` counts it): the live index's upkeep, told
   * apart from the queries run between slices (bench:history).
   */
  compactionCpuMs: number;
  /** Of `compactions`, those adopted from the engine this one follows (`compaction: 'follow'`). */
  foldsFollowed: number;
}

/**
 * What a live index knows beyond its current version, kept in its snapshots (live-snapshot.ts):
 * without it a restored index would accept events its rules refuse (contract refinements).
 */
export interface LiveState {
  /** The next account number a new account takes. */
  nextAccount: number;
  /** Post numbers deleted (their slots stay until a rebuild). */
  deletedPosts: Uint32Array;
  /** Live replies and their parents: reply, parent, reply, parent, … */
  replyTo: Uint32Array;
  /** Reposts by id (a repost is an engagement, contract rule 4): actor and original post per id. */
  repostIds: string[];
  repostPairs: Uint32Array;
  /** Accounts deleted or suspended (their `user` events ignored until a restore). */
  removed: string[];
  /** The location text last applied per account, id then text (contract refinement: rule 2). */
  locationTexts: string[];
  /** Held references and tombstones, oldest first (pending.ts); absent in older snapshots. */
  pending?: string[];
}

/**
 * How long (ms) one piece of the live engine's work holds the main thread before the event loop
 * turns: a background compaction slice, a report slice (`insightsInSlices`), a chunk of a batch
 * (`applyInSlices`). An estimate arriving meanwhile waits about this long (docs/LIVE.md "Insights
 * while ingesting").
 */
export const LIVE_SLICE_MS = 1;

/** Background compaction's progress (README "Live updates"). */
export interface CompactionProgress {
  /** The version being folded into a new base. */
  version: number;
  /** Slices run so far, and the longest one (ms): wall clock, and CPU time of this process. */
  slices: number;
  longestSliceMs: number;
  longestSliceCpuMs: number;
  /** The last slice's publishing of the result (new logs carrying later entries, handle table), ms. */
  finishMs: number;
}

export interface LiveOptions {
  /** Accounts that can be added before arrays are reallocated (default: a quarter of the base, ≥ 1024). */
  headroom?: number;
  /** Event keys remembered for idempotency (default 1 M). */
  keyMemory?: number;
  /** Compact once the delta postings hold this many bytes (default 64 MB). */
  compactBytes?: number;
  /**
   * How compaction runs once the deltas pass `compactBytes`: 'background' (default) folds them in
   * slices of about `sliceMs` between other work (setImmediate), 'inline' inside `apply`, 'follow'
   * as another engine tells (`followFold`: the reports thread), its own only past twice the bytes.
   */
  compaction?: 'background' | 'inline' | 'follow';
  /** The time a background compaction slice aims at (default LIVE_SLICE_MS). */
  sliceMs?: number;
  /** References and tombstones held for accounts and posts not seen yet (default 500 000). */
  maxHeld?: number;
}
