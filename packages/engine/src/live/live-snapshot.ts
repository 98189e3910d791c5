import { indexFromShared } from '../share/share-index';
import { finish, type Steps } from '../util/steps';
import {
  readSnapshot,
  writeSnapshot,
  SnapshotError,
  type SnapshotManifest,
  type SnapshotShard,
} from '../snapshot/snapshot-file';
import { liveEngine, type LiveAudienceEngine, type LiveEngineOptions } from './live-engine';
import type { LiveOptions, LiveState } from './live-index';
import { shareHeldSteps, type SharedLiveEngine, type ShareStepOptions } from './live-share';

export type { SharedLiveEngine, ShareStepOptions } from './live-share';

/**
 * Writes a live engine's snapshot (README "Live updates"): the engine is compacted first, then its
 * current version is written as any index is (snapshot/snapshot-file.ts) with the stream position
 * applied and the live index's own state (LiveState) in the manifest, so a restart loads it and
 * replays only the events after that position. The engine's own arrays are copied, never moved.
 * `shard`: a live shard's (shard/live-shard.ts), recorded in the manifest.
 */
export function writeLiveSnapshot(
  engine: LiveAudienceEngine,
  file: string,
  source: string,
  shard?: SnapshotShard,
): SnapshotManifest {
  // A version nothing was applied to is the compacted one it was made from (seconds saved at start).
  if (engine.version > 0) engine.compact();
  const { index, position, state } = shareLiveEngine(engine);
  return writeSnapshot(index, file, source, { position, live: state, ...(shard && { shard }) });
}

/**
 * A live engine's current version in shared memory with its position and state: what a snapshot
 * writes, handed to another thread instead of a file (the server's live reports thread, docs/LIVE.md
 * "Insights while ingesting"), which opens it with `liveEngineFromShared`. Its logs are merged as it
 * is copied (a plain, compacted index) without compacting the engine, which keeps its own arrays.
 */
export function shareLiveEngine(engine: LiveAudienceEngine): SharedLiveEngine {
  return finish(shareLiveEngineSteps(engine));
}

/**
 * `shareLiveEngine` in bounded steps (live-share.ts: about `stepWords` words each), for a caller that
 * turns its event loop between them. The version current at the first step is held and copied;
 * batches applied to `engine` between the steps are not in the copy (the reports thread is sent
 * them). Run it to the end, or stop it with `return()`, so that the version is released.
 */
export function* shareLiveEngineSteps(
  engine: LiveAudienceEngine,
  options?: ShareStepOptions,
): Steps<SharedLiveEngine> {
  return yield* shareHeldSteps(engine.hold(), options);
}

/** A live engine over what `shareLiveEngine` gave, at its position: the same as reading its snapshot. */
export function liveEngineFromShared(shared: SharedLiveEngine, options?: LiveOptions): LiveAudienceEngine {
  return liveEngine(indexFromShared(shared.index), {
    ...options,
    position: shared.position,
    state: shared.state,
  });
}

/**
 * A live engine from a snapshot written by `writeLiveSnapshot`, at the position the snapshot
 * records (`position()` answers it): the consumer resumes from there. `options.position` replaces
 * it: a log that did not outlive the process that wrote the snapshot (an in-memory one) starts
 * again at sequence 1, so the engine must start from {} to take its events.
 * @throws SnapshotError for a snapshot that is not a live engine's (no live state) or is damaged.
 */
export function readLiveSnapshot(
  file: string,
  expectSource?: string,
  options?: Omit<LiveEngineOptions, 'state'>,
): LiveAudienceEngine {
  const { index, manifest, live } = readSnapshot(file, expectSource);
  if (live === undefined || !isLiveState(live))
    throw new SnapshotError(`${file} is not a live engine's snapshot (it records no live state)`);
  return liveEngine(indexFromShared(index), {
    ...options,
    position: options?.position ?? manifest.position ?? {},
    state: live,
  });
}

function isLiveState(value: unknown): value is LiveState {
  const v = value as Partial<LiveState> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.nextAccount === 'number' &&
    v.deletedPosts instanceof Uint32Array &&
    v.replyTo instanceof Uint32Array &&
    v.repostPairs instanceof Uint32Array &&
    Array.isArray(v.repostIds) &&
    Array.isArray(v.removed) &&
    Array.isArray(v.locationTexts) &&
    // Snapshots written before references were held have none: they load with nothing held.
    (v.pending === undefined || Array.isArray(v.pending))
  );
}
