import type { AudienceIndex, PostColumns } from '../postings/audience-index';
import type { Csr } from '../postings/csr';
import { CATEGORICAL_FIELDS } from '../postings/fields';
import { finish, type Steps } from '../util/steps';
import { reorderEngagementSteps } from './engagement-order';
import type { LiveState, StreamPosition } from './live-types';

/** A version held for a query that outlives later batches (insights in slices): release it when done. */
export interface PinnedVersion {
  readonly index: AudienceIndex;
  readonly version: number;
  /** Brings the version's engagement order up to date in steps (else its first read does, at once). */
  readonly prepare: () => Steps<void>;
  /** Lets batches reuse the version's arrays again. Idempotent. */
  readonly release: () => void;
}

/**
 * A version held for a copy made in steps while later batches apply (LiveAudienceEngine.hold,
 * live-share.ts), with what the live index keeps beside it as it was then.
 */
export interface HeldVersion extends PinnedVersion {
  readonly state: LiveState;
  readonly position: StreamPosition;
  /** Terms in the dictionary at this version (later batches add theirs after them). */
  readonly terms: number;
  /**
   * The posts' term rows at this version: `base`'s, but for `live` (posts added since the last
   * compaction) and the state's deleted posts (empty).
   */
  readonly postRows: { base: Csr; live: ReadonlyMap<number, ArrayLike<number>>; rows: number };
}

/**
 * Every array of a version that batches double-buffer (`Buffered`, README "Live updates"): the names
 * BatchStore and Batch pass to `array()` — the columns, the account counts, flags, string slots,
 * sample keys and `present`, and the per-post counts. Left alone, version k's copy is written again by batch k + 2.
 */
function bufferedArrays(v: AudienceIndex): (Uint32Array | Uint8Array)[] {
  const { accounts, posts } = v;
  return [
    ...CATEGORICAL_FIELDS.map((f) => v.columns[f]),
    accounts.followers,
    accounts.following,
    accounts.posts,
    accounts.flags,
    accounts.slot,
    accounts.sampleKey,
    v.present,
    posts.author,
    posts.likes,
    posts.reposts,
    posts.replies,
  ];
}

/**
 * The engaged posts in order as the pinned version's counts have them: the live index's order and
 * the posts changed since it was last brought up to date, both as they were at the pin (the order
 * array is replaced, never written, when brought up to date), merged on first read.
 */
function pinnedPosts(
  posts: PostColumns,
  order: Uint32Array,
  changed: ReadonlySet<number>,
  brought: (order: Uint32Array) => void,
): { posts: PostColumns; prepare: () => Steps<void> } {
  // Not `{ ...posts }`: that would read the live getter `byEngagement` (the latest order) now.
  const { count, author, likes, reposts, replies, kept, ids, at, text } = posts;
  const engagement = (p: number) => likes[p]! + reposts[p]! + replies[p]!;
  let byEngagement = changed.size === 0 ? order : undefined;
  return {
    posts: {
      count,
      author,
      likes,
      reposts,
      replies,
      kept,
      ids,
      at,
      text,
      get byEngagement() {
        if (!byEngagement)
          brought((byEngagement = finish(reorderEngagementSteps(order, changed, engagement))));
        return byEngagement;
      },
    },
    *prepare() {
      if (!byEngagement) brought((byEngagement = yield* reorderEngagementSteps(order, changed, engagement)));
    },
  };
}

/**
 * The versions pinned now, by the arrays they hold: `Buffered.writable` takes a fresh copy instead
 * of reusing a spare that a pinned version still reads (one copy of each such array per pin, and the
 * version's arrays kept until it is released). Postings and rows need nothing: their logs keep every
 * version's entries (README "Live updates"), compaction included.
 */
export class VersionPins {
  private readonly arrays = new Map<Uint32Array | Uint8Array, number>();

  readonly holds = (array: Uint32Array | Uint8Array): boolean => this.arrays.has(array);

  get size(): number {
    return this.arrays.size;
  }

  /**
   * `changed` is the pin's own (not written after). `brought` is told the version's engagement order
   * once it is brought up to date (`order` with the `changed` posts moved), so that the live index
   * keeps it rather than the next pin's reordering the same posts again (every report on an idle
   * index did: a quarter of its time at 1 M accounts).
   */
  pin(
    v: AudienceIndex,
    version: number,
    order: Uint32Array,
    changed: ReadonlySet<number>,
    brought: (order: Uint32Array) => void = () => undefined,
  ): PinnedVersion {
    const held = bufferedArrays(v);
    for (const a of held) this.arrays.set(a, (this.arrays.get(a) ?? 0) + 1);
    const { posts, prepare } = pinnedPosts(v.posts, order, changed, brought);
    const index: AudienceIndex = { ...v, posts };
    let released = false;
    return {
      index,
      version,
      prepare,
      release: () => {
        if (released) return;
        released = true;
        for (const a of held) {
          const n = this.arrays.get(a)! - 1;
          if (n === 0) this.arrays.delete(a);
          else this.arrays.set(a, n);
        }
      },
    };
  }
}
