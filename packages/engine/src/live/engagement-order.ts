import type { PostColumns } from '../postings/audience-index';
import { finish, type Steps } from '../util/steps';

/** A post's engagement as `cols` count it: likes + reposts + replies. */
export const engagementOf =
  (cols: Pick<PostColumns, 'likes' | 'reposts' | 'replies'>) =>
  (p: number): number =>
    cols.likes[p]! + cols.reposts[p]! + cols.replies[p]!;

/**
 * The engaged posts, most engaged first (ties: lower post number), after the engagement of
 * `changed` posts moved: the others keep their relative order, the changed ones are sorted and
 * merged in. O(engaged posts) copied in runs, plus O(changed · log) engagements read, instead of
 * sorting every post again.
 */
export const reorderEngagement = (
  order: Uint32Array,
  changed: ReadonlySet<number>,
  engagement: (p: number) => number,
): Uint32Array => finish(reorderEngagementSteps(order, changed, engagement));

/**
 * reorderEngagement in steps of `block` posts of the order (a pinned version's, read in slices).
 *
 * The unchanged posts are already in order, so only the changed ones are looked at: where they
 * were (one pass over the order testing a bitset), and where each goes now (a binary search over the
 * unchanged posts by their engagement); the unchanged posts are then copied in runs between those
 * places. Reading every post's engagement instead (three columns, at random, per post) made this the
 * largest part of a report's pin while ingesting at 1 M accounts.
 */
export function* reorderEngagementSteps(
  order: Uint32Array,
  changed: ReadonlySet<number>,
  engagement: (p: number) => number,
  block = 1 << 16,
): Steps<Uint32Array> {
  const moved = yield* sortedByEngagement(changed, engagement, block);
  yield;
  // Where the changed posts were: ascending positions in `order`.
  let top = 0;
  for (const p of changed) if (p > top) top = p;
  const isChanged = new Uint32Array((top >>> 5) + 1);
  for (const p of changed) isChanged[p >>> 5]! |= 1 << (p & 31);
  const removed: number[] = [];
  for (let from = 0; from < order.length; from += block) {
    const to = Math.min(order.length, from + block);
    for (let i = from; i < to; i++) {
      const p = order[i]!;
      if (p <= top && (isChanged[p >>> 5]! >>> (p & 31)) & 1) removed.push(i);
    }
    yield;
  }
  // Where each moved post goes: its rank among the unchanged posts (how many come before it).
  const unchanged = new Unchanged(order, removed);
  const ranks = new Uint32Array(moved.length);
  for (let j = 0; j < moved.length; j++) {
    const q = moved[j]!;
    const e = engagement(q);
    // The first rank whose post comes after q; ranks of later moved posts are not lower.
    let lo = j > 0 ? ranks[j - 1]! : 0;
    let hi = unchanged.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = unchanged.at(mid);
      const f = engagement(p);
      if (f > e || (f === e && p < q)) lo = mid + 1;
      else hi = mid;
    }
    ranks[j] = lo;
    if ((j + 1) % block === 0) yield;
  }
  yield;
  // The unchanged posts in runs between the removed positions, the moved ones at their ranks.
  const out = new Uint32Array(unchanged.count + moved.length);
  let k = 0;
  let rank = 0; // unchanged posts written so far
  let next = 0; // the next removed position's index in `removed`
  let j = 0; // the next moved post
  let sinceStep = 0;
  for (let i = 0; i < order.length;) {
    if (next < removed.length && removed[next] === i) {
      next++;
      i++;
      continue;
    }
    while (j < moved.length && ranks[j] === rank) out[k++] = moved[j++]!;
    // Up to the next removed position, or to where the next moved post goes (its rank is above `rank`).
    let stop = next < removed.length ? removed[next]! : order.length;
    if (j < moved.length) stop = Math.min(stop, i + ranks[j]! - rank);
    out.set(order.subarray(i, stop), k);
    k += stop - i;
    rank += stop - i;
    sinceStep += stop - i;
    i = stop;
    if (sinceStep >= block) {
      sinceStep = 0;
      yield;
    }
  }
  while (j < moved.length) out[k++] = moved[j++]!;
  return out;
}

/** The posts of `order` but those at the `removed` positions (ascending), by rank. */
class Unchanged {
  /** Per removed position, the rank of the first unchanged post after it: positions minus removals so far. */
  private readonly after: Int32Array;
  readonly count: number;

  constructor(
    private readonly order: Uint32Array,
    removed: readonly number[],
  ) {
    this.after = Int32Array.from(removed, (at, k) => at - k);
    this.count = order.length - removed.length;
  }

  /** The unchanged post of rank r: position r plus the removals at or before it. */
  at(r: number): number {
    // The number of removals k with after[k] ≤ r: each such removal lies before rank r's post.
    let lo = 0;
    let hi = this.after.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.after[mid]! <= r) lo = mid + 1;
      else hi = mid;
    }
    return this.order[r + lo]!;
  }
}

/** Engagement below this sorts as one number with its post (`sortedByEngagement`). */
const PACKED = 2 ** 21;

/**
 * The posts with engagement, most engaged first (ties: lower post number), in steps of `block` posts
 * and one for the sort. As numbers sorted natively (engagement and post packed in one double, below
 * 2^53) where every engagement allows: a comparator calling `engagement` took tens of ms for 50 000
 * posts, in one step of a report or a copy in slices.
 */
function* sortedByEngagement(
  posts: ReadonlySet<number>,
  engagement: (p: number) => number,
  block: number,
): Steps<number[]> {
  const keys = new Float64Array(posts.size);
  let k = 0;
  let packed = true;
  let seen = 0;
  for (const p of posts) {
    const e = engagement(p);
    if (e >= PACKED) packed = false;
    if (e > 0) keys[k++] = (PACKED - 1 - e) * 2 ** 32 + p;
    if (++seen % block === 0) yield;
  }
  if (!packed) {
    const moved = [...posts].filter((p) => engagement(p) > 0);
    return moved.sort((a, b) => engagement(b) - engagement(a) || a - b);
  }
  const sorted = keys.subarray(0, k).sort();
  yield;
  return Array.from(sorted, (key) => key % 2 ** 32);
}
