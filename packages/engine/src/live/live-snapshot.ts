import { HandleIndex } from '../postings/handle-index';
import type { AudienceIndex } from '../postings/audience-index';
import type { Csr } from '../postings/csr';
import { PostingStore } from '../postings/posting-store';
import { indexFromShared, shareIndexSteps, type SharedIndex } from '../share/share-index';
import { finish, type Steps } from '../util/steps';
import {
  readSnapshot,
  writeSnapshot,
  SnapshotError,
  type SnapshotManifest,
  type SnapshotShard,
} from '../snapshot/snapshot-file';
import { StringColumn, type StringSource } from '../util/string-column';
import { PackedStrings } from '../util/packed-strings';
import { liveEngine, type LiveAudienceEngine, type LiveEngineOptions } from './live-engine';
import type { LiveOptions, LiveState, StreamPosition } from './live-index';

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
  const { index, position, state } = shareLiveEngine(engine);
  return writeSnapshot(index, file, source, { position, live: state, ...(shard && { shard }) });
}

/**
 * A live engine's current version in shared memory with its position and state: what a snapshot
 * writes, handed to another thread instead of a file (the server's live reports thread, docs/LIVE.md
 * "Insights while ingesting"), which opens it with `liveEngineFromShared`. Compacts the engine first
 * (blocking) and copies its arrays; the engine keeps its own. Call it between batches.
 */
export interface SharedLiveEngine {
  index: SharedIndex;
  position: StreamPosition;
  state: LiveState;
}

export function shareLiveEngine(engine: LiveAudienceEngine): SharedLiveEngine {
  return finish(shareLiveEngineSteps(engine));
}

/**
 * `shareLiveEngine` with pauses between the large copies (`shareIndexSteps`), for a caller that
 * applies nothing to `engine` until it is done (a server starting).
 */
export function* shareLiveEngineSteps(engine: LiveAudienceEngine): Steps<SharedLiveEngine> {
  // A version nothing was applied to is the compacted one it was made from (seconds saved at start).
  if (engine.version > 0) engine.compact();
  const [copy, position, state] = [plainCopy(engine.index), engine.position(), engine.liveState()];
  const { shared } = yield* shareIndexSteps(copy);
  return { index: shared, position, state };
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

/**
 * A copy of a compacted version whose containers are its own (shareIndex re-homes the arrays of the
 * objects it is given: the live engine's version must stay as it is) and whose string columns are
 * plain (a live version reads strings through CompositeStrings over the base and live columns).
 */
function plainCopy(index: AudienceIndex): AudienceIndex {
  const csr = (c: Csr): Csr => ({ offsets: c.offsets, data: c.data });
  const store = (p: PostingStore): PostingStore => {
    if (Object.getPrototypeOf(p) !== PostingStore.prototype)
      throw new SnapshotError('A live version must be compacted before it is written');
    return new PostingStore(p.size, p.counts, p.offsets, p.data, new Map(p.dense));
  };
  const a = index.accounts;
  const accounts = {
    ...a,
    ids: plainStrings(a.ids),
    handles: plainStrings(a.handles),
    names: plainStrings(a.names),
    bios: plainStrings(a.bios),
  };
  const { slot, handles } = accounts;
  const p = index.posts;
  return {
    ...index,
    columns: { ...index.columns },
    postings: store(index.postings),
    followers: store(index.followers),
    profileTerms: csr(index.profileTerms),
    postTerms: csr(index.postTerms),
    following: csr(index.following),
    postsByAuthor: csr(index.postsByAuthor),
    likesByActor: csr(index.likesByActor),
    repostsByActor: csr(index.repostsByActor),
    ...(index.postTermRows ? { postTermRows: csr(index.postTermRows) } : {}),
    accounts,
    handles: new HandleIndex(index.handles.table, (n) => (slot[n] ? handles.get(slot[n] - 1) : '')),
    posts: {
      ...p,
      byEngagement: p.byEngagement,
      ids: plainStrings(p.ids),
      at: plainStrings(p.at),
      text: plainStrings(p.text),
    },
    customAudiences: new Map(),
  };
}

/** The column itself when shareIndex can take it, else its strings copied into a StringColumn. */
function plainStrings(source: StringSource): StringSource {
  if (source instanceof PackedStrings || source instanceof StringColumn) return source;
  const column = new StringColumn();
  for (let slot = 0; slot < source.size; slot++) column.push(source.get(slot));
  return column;
}
