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

/**
 * Every set in greedy order (ties: the earlier set first). Sets that add nobody come last, with an
 * incremental reach of 0, so a caller can say so rather than leave them out silently.
 */
export function planReach(counts: OverlapCounts): ReachStep[] {
  const n = counts.sizes.length;
  let members = counts.signatures.map(setsOf);
  let weights = counts.counts.slice();
  const chosen = new Set<number>();
  const steps: ReachStep[] = [];
  let cumulative = 0;
  while (chosen.size < n) {
    const gains = new Array<number>(n).fill(0);
    for (let k = 0; k < members.length; k++) for (const i of members[k]!) gains[i]! += weights[k]!;
    let best = -1;
    for (let i = 0; i < n; i++) if (!chosen.has(i) && (best < 0 || gains[i]! > gains[best]!)) best = i;
    const incremental = gains[best]!;
    cumulative += incremental;
    chosen.add(best);
    steps.push({ set: best, incremental, cumulative });
    // The members reached are out of every later step's gain.
    const keep = members.map((m) => !m.includes(best));
    members = members.filter((_, k) => keep[k]);
    weights = weights.filter((_, k) => keep[k]);
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
  return sizes
    .map((_, k) => k)
    .sort((a, b) => sizes[b]! - sizes[a]! || signatures[a]! - signatures[b]!)
    .slice(0, limit)
    .map((k) => ({ sets: setsOf(signatures[k]!), count: sizes[k]! }));
}
