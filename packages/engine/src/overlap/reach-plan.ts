// The reach planner: greedy maximum coverage over the overlap's membership combinations. Each
// step takes the audience that adds the most people no earlier step reached; the greedy prefix of k
// steps is the classic (1 − 1/e) approximation of the best k audiences, and exact counts come from the
// combinations (every member of the union is in exactly one), so shards plan as one engine does.
import { type OverlapCounts, setsOf } from './overlap-many';

/** One step of a plan: the audience (its position among the sets) and the sample counts it adds. */
export interface ReachStep {
  set: number;
  /** Members this audience adds to the earlier steps'. */
  incremental: number;
  /** Members of this step's and every earlier step's audience. */
  cumulative: number;
}

const HI = 2 ** 32;

/**
 * Every set in greedy order (ties: the earlier set first). Sets that add nobody come last, with an
 * incremental reach of 0, so a caller can say so rather than leave them out silently.
 *
 * Each set's gain is kept up to date rather than recounted per step: when a set is chosen, every
 * combination containing it that no earlier step covered takes its members out of the gains of its
 * other sets. Each combination is covered once, so the whole plan costs the combinations' set
 * memberships plus 50 scans per step, not steps × combinations.
 */
export function planReach(counts: OverlapCounts): ReachStep[] {
  const n = counts.sizes.length;
  const total = counts.signatures.length;
  const lo = new Int32Array(total);
  const hi = new Int32Array(total);
  const gains = new Float64Array(n);
  // The combinations of each set (indexes into lo/hi), as CSR rows.
  const degree = new Int32Array(n + 1);
  for (let k = 0; k < total; k++) {
    const s = counts.signatures[k]!;
    lo[k] = (s % HI) | 0;
    hi[k] = Math.floor(s / HI) | 0;
    for (let x = lo[k]!; x !== 0; x &= x - 1) degree[31 - Math.clz32(x & -x) + 1]!++;
    for (let x = hi[k]!; x !== 0; x &= x - 1) degree[32 + 31 - Math.clz32(x & -x) + 1]!++;
  }
  for (let i = 0; i < n; i++) degree[i + 1]! += degree[i]!;
  const rows = new Int32Array(degree[n]!);
  const fill = degree.slice(0, n);
  for (let k = 0; k < total; k++) {
    const c = counts.counts[k]!;
    for (let x = lo[k]!; x !== 0; x &= x - 1) {
      const i = 31 - Math.clz32(x & -x);
      rows[fill[i]!++] = k;
      gains[i]! += c;
    }
    for (let x = hi[k]!; x !== 0; x &= x - 1) {
      const i = 32 + 31 - Math.clz32(x & -x);
      rows[fill[i]!++] = k;
      gains[i]! += c;
    }
  }
  const covered = new Uint8Array(total);
  const chosen = new Uint8Array(n);
  const steps: ReachStep[] = [];
  let cumulative = 0;
  for (let step = 0; step < n; step++) {
    let best = -1;
    for (let i = 0; i < n; i++) if (!chosen[i] && (best < 0 || gains[i]! > gains[best]!)) best = i;
    const incremental = gains[best]!;
    cumulative += incremental;
    chosen[best] = 1;
    steps.push({ set: best, incremental, cumulative });
    // The members reached are out of every later step's gain.
    for (let r = degree[best]!; r < degree[best + 1]!; r++) {
      const k = rows[r]!;
      if (covered[k]) continue;
      covered[k] = 1;
      const c = counts.counts[k]!;
      for (let x = lo[k]!; x !== 0; x &= x - 1) gains[31 - Math.clz32(x & -x)]! -= c;
      for (let x = hi[k]!; x !== 0; x &= x - 1) gains[32 + 31 - Math.clz32(x & -x)]! -= c;
    }
  }
  return steps;
}

/** One exact membership combination (UpSet): the sets it is made of and its members. */
export interface OverlapCombination {
  sets: number[];
  count: number;
}

/** The `limit` largest combinations (ties: the smaller signature, i.e. the earlier sets, first). */
export function topCombinations(counts: OverlapCounts, limit: number): OverlapCombination[] {
  const { signatures, counts: sizes } = counts;
  const before = (a: number, b: number) =>
    sizes[a]! > sizes[b]! || (sizes[a] === sizes[b] && signatures[a]! < signatures[b]!);
  // The best `limit` so far, best first, kept by insertion: one comparison per combination that
  // does not enter, instead of sorting every combination.
  const top: number[] = [];
  for (let k = 0; k < sizes.length; k++) {
    if (top.length === limit && (limit === 0 || !before(k, top[limit - 1]!))) continue;
    let at = top.length < limit ? top.length : limit - 1;
    while (at > 0 && before(k, top[at - 1]!)) {
      top[at] = top[at - 1]!;
      at--;
    }
    top[at] = k;
  }
  return top.map((k) => ({ sets: setsOf(signatures[k]!), count: sizes[k]! }));
}
