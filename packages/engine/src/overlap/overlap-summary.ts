import type { OverlapCounts } from './overlap-many';
import { planReach, topCombinations, type OverlapCombination, type ReachStep } from './reach-plan';

/**
 * What the overlap screens need from the counts: the combinations cut to the largest `limit` and the
 * reach plan computed from all of them (before the cut: the plan's counts are exact). Small enough to
 * cross a thread or a reply, where every combination (up to one per account) is not.
 */
export interface OverlapSummary {
  sizes: number[];
  pairs: number[];
  unique: number[];
  union: number;
  combinations: OverlapCombination[];
  combinationsTotal: number;
  plan: ReachStep[];
}

export function summariseOverlap(counts: OverlapCounts, limit: number): OverlapSummary {
  const { sizes, pairs, unique, union } = counts;
  return {
    sizes,
    pairs,
    unique,
    union,
    combinations: topCombinations(counts, limit),
    combinationsTotal: counts.signatures.length,
    plan: planReach(counts),
  };
}
