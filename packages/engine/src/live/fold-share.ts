// Folds shared between two live engines that apply the same batches (docs/LIVE.md "Insights while
// ingesting"): the main engine's background compaction folds into shared memory and tells the
// reports thread's engine where it started and what it made; that engine adopts the folded base and
// carries only its own entries after the fold's start, instead of folding the same logs again.
import type { Csr } from '../postings/csr';
import { PostingStore } from '../postings/posting-store';

/** A folded posting store's parts (a class does not cross threads). */
export interface FoldedPostings {
  size: number;
  counts: Uint32Array;
  offsets: Uint32Array;
  data: Uint32Array;
  dense: Map<number, Uint32Array>;
}

/** A fold's result as another thread adopts it, every array in shared memory. */
export interface SharedFold {
  postings: FoldedPostings;
  followers: FoldedPostings;
  /** The rows in ROWS order (postings/audience-index.ts). */
  rows: Csr[];
  /** The posts' term rows with the live posts' folded in (none: no live post was held). */
  postRows: Csr | undefined;
}

/**
 * What a leading engine tells a following one, in the order of the batches both apply: `start`
 * right after the batch whose version the fold reads (the follower marks its own version there),
 * `folded` once the result is made, `cancel` when the leader gave the fold up (its base replaced).
 */
export type FoldMessage =
  | { type: 'start'; id: number }
  | { type: 'folded'; id: number; fold: SharedFold }
  | { type: 'cancel'; id: number };

export type FoldListener = (message: FoldMessage) => void;

export const foldedParts = (store: PostingStore): FoldedPostings => ({
  size: store.size,
  counts: store.counts,
  offsets: store.offsets,
  data: store.data,
  dense: new Map(store.dense),
});

export const postingStoreOf = (parts: FoldedPostings): PostingStore =>
  new PostingStore(parts.size, parts.counts, parts.offsets, parts.data, parts.dense);

/** What the follower's own state at the fold's start must match for the fold to be its own. */
export interface FoldShape {
  terms: number;
  size: number;
  postingsSize: number;
  followersSize: number;
  posts: number;
  postRows: boolean;
}

/** Why `fold` cannot be the follower's (its shape differs), or undefined when it can. */
export function shapeMismatch(fold: SharedFold, shape: FoldShape): string | undefined {
  const { postings, followers, rows, postRows } = fold;
  if (postings.counts.length !== shape.terms) return `terms ${postings.counts.length} ≠ ${shape.terms}`;
  if (postings.size !== shape.postingsSize)
    return `postings' accounts ${postings.size} ≠ ${shape.postingsSize}`;
  if (followers.counts.length !== shape.size || followers.size !== shape.followersSize)
    return `followers ${followers.counts.length}/${followers.size} ≠ ${shape.size}/${shape.followersSize}`;
  if (rows.some((row) => row.offsets.length !== shape.size + 1)) return `rows ≠ ${shape.size}`;
  if (!!postRows !== shape.postRows) return 'posts’ term rows';
  if (postRows && postRows.offsets.length !== shape.posts + 1)
    return `posts ${postRows.offsets.length - 1} ≠ ${shape.posts}`;
  return undefined;
}
