import type { AudienceEstimate } from '../engine';
import { sizeBucketOf } from '../evaluate/size-bucket';
import type { UnmatchedItem } from '../evaluate/selected';

const unmatchedKey = (u: UnmatchedItem) => `${u.criterion}\u0000${u.label}`;

/**
 * The single engine's estimate from the shards': sample counts add up, the population estimate and
 * its bucket are computed from the sum (not summed: rounding), an item is unmatched when no shard
 * matches it.
 */
export function mergeEstimates(parts: readonly AudienceEstimate[], scale: number): AudienceEstimate {
  let sampleCount = 0;
  const misses = new Map<string, number>();
  for (const p of parts) {
    sampleCount += p.sampleCount;
    for (const u of p.unmatched) misses.set(unmatchedKey(u), (misses.get(unmatchedKey(u)) ?? 0) + 1);
  }
  const populationEstimate = Math.round(sampleCount * scale);
  return {
    sampleCount,
    populationEstimate,
    sizeBucket: sizeBucketOf(populationEstimate),
    unmatched: (parts[0]?.unmatched ?? []).filter((u) => misses.get(unmatchedKey(u)) === parts.length),
    handlesTruncated: parts.some((p) => p.handlesTruncated),
  };
}
