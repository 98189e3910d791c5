import { partitionOf } from '@murmur/core/live';
import { countBits, hasBit } from '../bits/bitset';
import type { ExportSource } from '../ingest/build-index';
import { liveEngine, LIVE_BUILD_OPTIONS, type LiveAudienceEngine } from '../live/live-engine';
import type { LiveOptions } from '../live/live-index';
import { readLiveSnapshot, writeLiveSnapshot } from '../live/live-snapshot';
import type { AudienceIndex } from '../postings/audience-index';
import {
  readSnapshotManifest,
  SnapshotError,
  type SnapshotManifest,
  type SnapshotShard,
} from '../snapshot/snapshot-file';
import { ShardLookalike } from '../lookalike/shard-lookalike';
import type { LiveShardParts } from './insights-protocol';
import { buildShardRecords, type ShardSpec } from './shard-index';
import { ShardInsights } from './shard-insights';

/**
 * Which shard owns an account of a live shard: an account of the export by its number (shardOf, as
 * the static shards), an account born live by its X id (`partitionOf(id, shards)`): its number
 * depends on the order the replica applied the log's partitions in, its id does not, so every
 * replica of every shard agrees on its owner.
 */
export class ShardOwnership {
  constructor(
    readonly spec: ShardSpec,
    /** Accounts of the export the shard was built from (numbers below it are the export's). */
    readonly exported: number,
  ) {}

  /** Whether this shard owns account `n` of `index` (a version of the shard's live engine). */
  owns(index: AudienceIndex, n: number): boolean {
    const { shard, shards } = this.spec;
    if (n < this.exported) return n % shards === shard;
    const { slot, ids } = index.accounts;
    return slot[n] !== 0 && partitionOf(ids.get(slot[n]! - 1), shards) === shard;
  }

  /** `index` with its population narrowed to the accounts this shard owns. */
  narrow(index: AudienceIndex): AudienceIndex {
    const present = index.present.slice();
    for (let n = 0; n < index.size; n++) {
      if (hasBit(present, n) && !this.owns(index, n)) present[n >>> 5]! &= ~(1 << (n & 31));
    }
    const population = countBits(present);
    return { ...index, present, population, stats: { ...index.stats, accounts: population } };
  }
}

/** A live shard's engine: a live engine that says which shard it is and how it owns accounts. */
export interface LiveShardEngine extends LiveAudienceEngine {
  /** The shard, and the export's accounts it was built with (ShardOwnership; its snapshots record it). */
  readonly shard: SnapshotShard;
}

/**
 * A shard replica's engine that follows the live log: a live engine over every record of the shard
 * (its own accounts whole, the others by number, handle and X id, so that an event naming any
 * account finds it), which applies every event and answers over the accounts the shard owns
 * (ShardOwnership). The shards' estimates and counts add up to the single live engine's.
 */
export async function createLiveShardEngine(
  source: ExportSource,
  spec: ShardSpec,
  options?: LiveOptions,
): Promise<LiveShardEngine> {
  const exported = { posts: 0 };
  const built = await buildShardRecords(source, spec, LIVE_BUILD_OPTIONS, true, exported);
  const index = withPostCount(built.index, exported.posts);
  const ownership = new ShardOwnership(spec, index.size);
  const engine = liveEngine(index, { ...options, view: (version) => ownership.narrow(version) });
  return withShard(engine, { ...spec, exported: index.size });
}

/**
 * `index` with `count` post numbers: the shard holds its own accounts' posts, so its highest post
 * number may be below the export's; the numbers up to the export's are other shards' posts (as
 * posts deleted before the export, they have no author), so that a post born live takes the number
 * the single engine gives it when both applied the log in the same order.
 */
function withPostCount(index: AudienceIndex, count: number): AudienceIndex {
  const { posts } = index;
  if (count <= posts.count) return index;
  const longer = (array: Uint32Array, fill = 0) => {
    const out = new Uint32Array(count).fill(fill);
    out.set(array.subarray(0, posts.count));
    return out;
  };
  const rows = index.postTermRows;
  return {
    ...index,
    posts: {
      ...posts,
      count,
      author: longer(posts.author, NO_AUTHOR),
      likes: longer(posts.likes),
      reposts: longer(posts.reposts),
      replies: longer(posts.replies),
      // Not spread from `posts` above: a live version's `byEngagement` may be a getter.
      byEngagement: posts.byEngagement,
    },
    ...(rows && {
      postTermRows: { offsets: longer(rows.offsets, rows.offsets[posts.count]), data: rows.data },
    }),
  };
}

/** A post number without a post (the builders' author + 1 of 0). */
const NO_AUTHOR = 0xffffffff;

/** `engine` saying which shard it is (defined, not spread: its accessors must stay live). */
const withShard = (engine: LiveAudienceEngine, shard: SnapshotShard): LiveShardEngine =>
  Object.defineProperty(engine, 'shard', { value: { ...shard }, enumerable: true }) as LiveShardEngine;

/**
 * Writes a live shard's snapshot (live-snapshot.ts `writeLiveSnapshot`): the whole version (every
 * record the shard keeps, not only the accounts it owns), the log position applied, the live state,
 * and the shard with its export's account count, so that `readLiveShardSnapshot` owns the same
 * accounts and the replica resumes after that position.
 */
export function writeLiveShardSnapshot(
  engine: LiveShardEngine,
  file: string,
  source: string,
): SnapshotManifest {
  return writeLiveSnapshot(engine, file, source, engine.shard);
}

/**
 * A live shard's engine from its snapshot, at the position the snapshot records.
 * @throws SnapshotError for a snapshot of another shard or split, not a live shard's, of another
 * source (`expectSource`) or damaged.
 */
export function readLiveShardSnapshot(
  file: string,
  spec: ShardSpec,
  expectSource?: string,
  options?: LiveOptions,
): LiveShardEngine {
  const shard = readSnapshotManifest(file).shard;
  if (shard?.shard !== spec.shard || shard.shards !== spec.shards) {
    throw new SnapshotError(
      shard
        ? `${file} is live shard ${shard.shard} of ${shard.shards}'s snapshot, not ${spec.shard} of ${spec.shards}'s`
        : `${file} is not a live shard's snapshot (it records no shard)`,
    );
  }
  const ownership = new ShardOwnership(spec, shard.exported);
  const engine = readLiveSnapshot(file, expectSource, {
    ...options,
    view: (version) => ownership.narrow(version),
  });
  return withShard(engine, shard);
}

/** A live shard's version pinned for one question (`liveShardVersion`). */
export interface LiveShardVersion {
  /** The version narrowed to the accounts the shard owns (what its answers count). */
  readonly index: AudienceIndex;
  /** Which accounts it owns, which were born live, and the whole version. */
  readonly live: LiveShardParts;
  /** Releases the version (batches applied meanwhile did not change it). */
  readonly release: () => void;
}

/**
 * The version current now of a live shard, pinned for one question's round trips (insights,
 * lookalikes): release it once they are answered.
 */
export function liveShardVersion(engine: LiveShardEngine): LiveShardVersion {
  const pinned = engine.pin();
  const ownership = new ShardOwnership(engine.shard, engine.shard.exported);
  const { whole } = pinned;
  return {
    index: pinned.index,
    live: {
      owns: (n) => ownership.owns(whole, n),
      bornLive: (n) => n >= engine.shard.exported,
      whole,
    },
    release: pinned.release,
  };
}

/**
 * A live shard's side of sharded insights, over the version current now (pinned: batches applied
 * meanwhile do not change it; release it once the question's round trips are answered). Ranked
 * panels break ties among terms born live as the single live engine does (shard-insights.ts
 * BORN_LIVE_ORDER); a live shard contributes the engagement of its own accounts' posts and its own
 * accounts' follows, and says whether an account born live, whole on every live shard, is a member.
 * Equal to the single live engine's insights only while account and post numbers born live agree
 * between them, that is when they applied the log in the same order: engine-cluster's replicas apply
 * it in its sequence order (docs/LIVE.md, "Insights on live shards").
 */
export function liveShardInsights(
  engine: LiveShardEngine,
  version: LiveShardVersion = liveShardVersion(engine),
): { insights: ShardInsights; release: () => void } {
  return { insights: new ShardInsights(version.index, undefined, version.live), release: version.release };
}

/**
 * A live shard's side of sharded lookalikes over a pinned version (`liveShardVersion`, the one its
 * question's dictionary was read from): the seed members, candidates and populations it counts are
 * the accounts it owns (an account born live by its X id); it describes the accounts the coordinator
 * routes to it by number, an account born live whoever owns it (docs/LIVE.md, "Lookalikes on live
 * shards").
 */
export function liveShardLookalike(engine: LiveShardEngine, version: LiveShardVersion): ShardLookalike {
  return new ShardLookalike(version.index, engine.shard, version.live);
}
