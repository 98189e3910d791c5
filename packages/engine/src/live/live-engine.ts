import { CATALOGUE_KINDS, EXPORT_FORMAT, EXPORT_VERSION } from '@murmur/core/export';
import type { LiveEvent } from '@murmur/core/live';
import { targetingCriteria } from '@murmur/core/x-catalogue';
import { buildIndex, type ExportSource } from '../ingest/build-index';
import type { BuildOptions } from '../ingest/record-sink';
import { inMemoryEngine, type AudienceEngine } from '../engine';
import type { AudienceInsights } from '@murmur/core/insights';
import type { AccountSet } from '../bits/account-set';
import type { Audience } from '../evaluate/evaluate';
import type { InsightsOptions } from '../insights/context';
import { insightSteps } from '../insights/insights';
import type { AudienceIndex } from '../postings/audience-index';
import { inSlices, type SliceOptions, type Steps } from '../util/steps';
import { LIVE_SLICE_MS } from './live-types';
import type { FoldListener, FoldMessage } from './fold-share';
import type { HeldVersion } from './pin';
import {
  LiveIndex,
  type CompactionProgress,
  type LiveOptions,
  type LiveState,
  type LiveStats,
  type StreamPosition,
} from './live-index';

/** What a live index must keep from the build: every post's id and term row (README "Live updates"). */
export const LIVE_BUILD_OPTIONS: BuildOptions = { keepPostText: 'all', keepPostTerms: true };

/**
 * An in-memory engine that follows the network: every query runs on the version current when it
 * starts (one immutable AudienceIndex), `apply` publishes the next.
 */
export interface LiveAudienceEngine extends AudienceEngine {
  apply(events: readonly LiveEvent[], position?: StreamPosition): number;
  /**
   * The same as `apply`, in chunks of about `sliceMs` (default LIVE_SLICE_MS) with the event loop
   * turned (setImmediate) between them, so that a request arriving during a large batch waits one
   * chunk, not the batch. Each chunk publishes a version; `position` is recorded with the last.
   * Resolves with the last version. One at a time: the caller serialises batches (the consumer does).
   */
  applyInSlices(
    events: readonly LiveEvent[],
    position?: StreamPosition,
    options?: ApplySliceOptions,
  ): Promise<number>;
  position(): StreamPosition;
  readonly version: number;
  liveStats(): LiveStats;
  /**
   * Folds the deltas into a new base now, blocking (snapshots; apply starts a background
   * compaction in slices when they pass `compactBytes`).
   */
  compact(): void;
  /** The background compaction under way (undefined: none). */
  compactionProgress(): CompactionProgress | undefined;
  /**
   * Starts a background compaction (or joins the one under way) and resolves when its result is
   * published, with its slices and longest slice.
   */
  compactInBackground(): Promise<CompactionProgress>;
  /** The current version's index (snapshots write it). */
  readonly index: AudienceIndex;
  /**
   * The current version held while later batches publish theirs, with an engine over it (through
   * `view`): a question that spans several turns of the event loop evaluates and reads there.
   * Release it when done (until then batches copy the arrays it holds instead of reusing them).
   */
  pin(): PinnedEngine;
  /**
   * Insights on the version current now, computed in slices of about `slices.sliceMs` (default
   * LIVE_SLICE_MS)
   * that turn the event loop between them, so estimates and batches go on meanwhile (docs/LIVE.md
   * "Insights while ingesting"). The report is the one `insights` gives on that version; `audience`
   * and `baseline` must come from it (evaluated in the same turn, or on `pin().engine`).
   */
  insightsInSlices(
    audience: Audience | AccountSet,
    options?: InsightsOptions,
    baseline?: AccountSet,
    slices?: SliceOptions,
  ): Promise<AudienceInsights>;
  /** What a snapshot keeps beside the index (live-snapshot.ts). */
  liveState(): LiveState;
  /**
   * The current version (the whole of it, not through `view`) held with the live index's state as
   * it is now, for a copy made in steps while batches go on (live-share.ts). Release it when done.
   */
  hold(): HeldVersion;
  /**
   * Shares this engine's background compactions with an engine that is given the same batches (the
   * reports thread's, opened with `compaction: 'follow'` and no headroom): each is made in shared
   * memory and told to `listener`, in order with the batches. Undefined stops it.
   */
  shareFolds(listener: FoldListener | undefined): void;
  /** Follows the leading engine's compactions (`shareFolds`): pass it what its listener was told, in order. */
  followFold(message: FoldMessage): void;
}

export interface ApplySliceOptions {
  /** Wall time a chunk aims at (ms); 0: one event a chunk. Default LIVE_SLICE_MS. */
  sliceMs?: number;
  /** Called after each chunk with its size and wall time (benches, tests). */
  onChunk?: (events: number, ms: number) => void;
}

/** A live version held (LiveAudienceEngine.pin). */
export interface PinnedEngine {
  /** The version as queries see it (through `view`), and an engine over it. */
  readonly index: AudienceIndex;
  /** The version itself (not through `view`: a live shard's every record, owned or not). */
  readonly whole: AudienceIndex;
  readonly engine: AudienceEngine;
  readonly version: number;
  /** What the version needs before a report reads it in slices (its engagement order, in steps). */
  readonly prepare: () => Steps<void>;
  readonly release: () => void;
}

export interface LiveEngineOptions extends LiveOptions {
  position?: StreamPosition;
  state?: LiveState;
  /**
   * What queries see of each version (a live shard: its population narrowed to the accounts it
   * owns, live-shard.ts); the version itself by default. `index` and snapshots keep the version.
   */
  view?: (index: AudienceIndex) => AudienceIndex;
}

export function liveEngine(base: AudienceIndex, options?: LiveEngineOptions): LiveAudienceEngine {
  const live = new LiveIndex(base, options, options?.state);
  if (options?.position) live.restorePosition(options.position);
  const view = options?.view ?? ((index: AudienceIndex) => index);
  let engineVersion = -1;
  let engine: AudienceEngine = inMemoryEngine(view(live.current));
  const current = (): AudienceEngine => {
    if (engineVersion !== live.currentVersion) {
      engine = inMemoryEngine(view(live.current));
      engineVersion = live.currentVersion;
    }
    return engine;
  };
  current();
  const pin = (): PinnedEngine => {
    const pinned = live.pin();
    const { version, prepare, release } = pinned;
    const index = view(pinned.index);
    return { index, whole: pinned.index, engine: inMemoryEngine(index), version, prepare, release };
  };
  return {
    get stats() {
      return current().stats;
    },
    get scale() {
      return current().scale;
    },
    estimate: (pkg, o) => current().estimate(pkg, o),
    evaluate: (pkg, o) => current().evaluate(pkg, o),
    insights: (audience, o, baseline) => current().insights(audience, o, baseline),
    compare: (a, b, o) => current().compare(a, b, o),
    registerCustomAudience: (name, members) => current().registerCustomAudience(name, members),
    removeCustomAudience: (name) => current().removeCustomAudience(name),
    customAudienceNames: () => current().customAudienceNames(),
    findAccount: (handle) => current().findAccount(handle),
    findAccountById: (id) => live.accountOf(id),
    describeAccounts: (accounts) => current().describeAccounts(accounts),
    lookup: (field, q, limit) => current().lookup(field, q, limit),
    coreAudience: (pkg, audience) => current().coreAudience(pkg, audience),
    overlap: (a, b) => current().overlap(a, b),
    overlapMany: (sets) => current().overlapMany(sets),
    words: (text) => current().words(text),
    get explore() {
      return current().explore;
    },
    fieldCounts: (audience, fields) => current().fieldCounts(audience, fields),
    lookalike: (seed, options) => current().lookalike!(seed, options),
    apply: (events, position) => live.apply(events, position),
    applyInSlices: (events, position, o) => applyInChunks(live, events, position, o),
    position: () => live.positionNow(),
    get version() {
      return live.currentVersion;
    },
    liveStats: () => live.liveStats(),
    compact: () => live.compact(),
    compactionProgress: () => live.compactionProgress(),
    async compactInBackground() {
      live.startFold();
      const version = live.compactionProgress()?.version;
      while (live.compactionProgress()?.version === version && version !== undefined)
        await new Promise<void>((resolve) => setImmediate(resolve));
      return live.lastFold!;
    },
    get index() {
      return live.current;
    },
    pin,
    async insightsInSlices(audience, options, baseline, slices) {
      const pinned = pin();
      try {
        return await inSlices(
          (function* () {
            yield* pinned.prepare();
            return yield* insightSteps(pinned.index, audience, options, baseline);
          })(),
          { sliceMs: LIVE_SLICE_MS, ...slices },
        );
      } finally {
        pinned.release();
      }
    },
    liveState: () => live.state(),
    // One turn: the version pinned with the state, position, terms and post rows as they are now.
    hold: () => ({
      ...live.pin(),
      state: live.state(),
      position: live.positionNow(),
      terms: live.current.terms.size,
      postRows: live.postRowsNow(),
    }),
    shareFolds: (listener) => live.shareFolds(listener),
    followFold: (message) => live.followFold(message),
  };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * Chunk sizes: the first chunk's; the smallest (a chunk publishes a version: about 0.1–0.3 ms of its
 * own, so a chunk of a handful keeps the ingest rate); the largest.
 */
const FIRST_CHUNK = 16;
const MIN_CHUNK = 4;
const MAX_CHUNK = 4_096;

/**
 * Applies `events` in chunks sized from the previous chunks' cost per event so that each takes about
 * `sliceMs` of CPU, turning the event loop between them. Background compaction slices run in those turns
 * (scheduled by the live index), not inside the chunks.
 */
async function applyInChunks(
  live: LiveIndex,
  events: readonly LiveEvent[],
  position: StreamPosition | undefined,
  options: ApplySliceOptions = {},
): Promise<number> {
  // Grown for the whole batch, and a compaction started only after its last chunk, as an engine
  // given the batch whole does (the reports thread's, which follows this one's folds).
  live.reserve(events);
  live.setChunking(true);
  try {
    return await chunks(live, events, position, options);
  } finally {
    live.setChunking(false);
  }
}

async function chunks(
  live: LiveIndex,
  events: readonly LiveEvent[],
  position: StreamPosition | undefined,
  options: ApplySliceOptions,
): Promise<number> {
  const sliceMs = options.sliceMs ?? LIVE_SLICE_MS;
  let size = sliceMs <= 0 ? 1 : FIRST_CHUNK;
  let perEvent = 0;
  let from = 0;
  for (;;) {
    const to = Math.min(events.length, from + size);
    const last = to >= events.length;
    if (last) live.setChunking(false);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const version = live.apply(events.slice(from, to), last ? position : undefined, false);
    const ms = performance.now() - started;
    options.onChunk?.(to - from, ms);
    if (last) return version;
    if (sliceMs > 0) {
      // Sized by the process's CPU time, not the wall's: on a busy machine the thread is preempted
      // mid-chunk, and chunks sized by the wall clock would shrink until the ingest stalls. Smoothed,
      // and a chunk counted at most 4 slices long: one slow chunk (a GC, an array grown) does not
      // shrink the next ones to nothing.
      const used = process.cpuUsage(cpu);
      const cost = Math.min((used.user + used.system) / 1000, 4 * sliceMs) / (to - from);
      perEvent = perEvent === 0 ? cost : 0.7 * perEvent + 0.3 * cost;
      size = Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Math.floor(sliceMs / Math.max(perEvent, 1e-4))));
    }
    from = to;
    await turn();
  }
}

/** Streams the export into an index kept for live updates and wraps it as a live engine. */
export async function createLiveEngine(
  source: ExportSource,
  options?: BuildOptions & LiveOptions,
): Promise<LiveAudienceEngine> {
  return liveEngine(await buildIndex(source, { ...options, ...LIVE_BUILD_OPTIONS }), options);
}

/**
 * A live engine with no account yet, over X's targeting catalogues (what the export's catalogue
 * records carry): where a deployment without an export or a snapshot starts, to fill from the
 * streams. `scale` is real accounts per indexed account (1: the streams are X's own accounts).
 */
export async function createEmptyLiveEngine(
  options?: LiveOptions & { scale?: number; now?: Date },
): Promise<LiveAudienceEngine> {
  const now = (options?.now ?? new Date()).toISOString();
  const lines: object[] = [
    {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      seed: '',
      accounts: 0,
      scale: options?.scale ?? 1,
      start: now,
      now,
      counts: { follows: 0, posts: 0, lists: 0, followEvents: 0 },
    },
    ...CATALOGUE_KINDS.map((kind) => ({ type: 'catalogue', kind, items: targetingCriteria(kind) })),
  ];
  lines.push({ type: 'end', records: lines.length + 1 });
  return createLiveEngine(
    lines.map((line) => `${JSON.stringify(line)}\n`),
    options,
  );
}
