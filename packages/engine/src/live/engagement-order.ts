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
 * merged in. O(engaged posts + changed · log changed), instead of sorting every post again.
 */
export const reorderEngagement = (
  order: Uint32Array,
  changed: ReadonlySet<number>,
  engagement: (p: number) => number,
): Uint32Array => finish(reorderEngagementSteps(order, changed, engagement));

/** reorderEngagement in steps of `block` posts of the order (a pinned version's, read in slices). */
export function* reorderEngagementSteps(
  order: Uint32Array,
  changed: ReadonlySet<number>,
  engagement: (p: number) => number,
  block = 1 << 16,
): Steps<Uint32Array> {
  const moved = yield* sortedByEngagement(changed, engagement, block);
  yield;
  const at = { out: new Uint32Array(order.length + moved.length), k: 0, j: 0 };
  for (let from = 0; from < order.length; from += block) {
    mergeMoved(order.subarray(from, from + block), changed, engagement, moved, at);
    yield;
  }
  const { out } = at;
  let { k, j } = at;
  while (j < moved.length) out[k++] = moved[j++]!;
  return out.slice(0, k);
}

/** The posts of `order` not changed, with the moved ones merged in before them, written at `at.k`. */
function mergeMoved(
  order: Uint32Array,
  changed: ReadonlySet<number>,
  engagement: (p: number) => number,
  moved: readonly number[],
  at: { out: Uint32Array; k: number; j: number },
): void {
  const { out } = at;
  let { k, j } = at;
  for (let i = 0; i < order.length; i++) {
    const p = order[i]!;
    if (changed.has(p)) continue;
    const e = engagement(p);
    while (j < moved.length && (engagement(moved[j]!) > e || (engagement(moved[j]!) === e && moved[j]! < p)))
      out[k++] = moved[j++]!;
    out[k++] = p;
  }
  at.k = k;
  at.j = j;
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
