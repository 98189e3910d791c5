import { finish, type Steps } from '../util/steps';

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
  const moved = [...changed].filter((p) => engagement(p) > 0);
  moved.sort((a, b) => engagement(b) - engagement(a) || a - b);
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
