import type { SizeBucket } from '@murmur/core/targeting';

// SPEC §3 audience size buckets: lower bounds of '1M-5M', '5M-12M', '12M-25M', '25M+'.
const EDGES: ReadonlyArray<[number, SizeBucket]> = [
  [25_000_000, '25M+'],
  [12_000_000, '12M-25M'],
  [5_000_000, '5M-12M'],
  [1_000_000, '1M-5M'],
];

/** The SPEC §3 bucket of a population estimate (each bucket includes its lower bound). */
export function sizeBucketOf(populationEstimate: number): SizeBucket {
  for (const [edge, bucket] of EDGES) if (populationEstimate >= edge) return bucket;
  return '<1M';
}
