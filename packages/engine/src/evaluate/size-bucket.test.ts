import { describe, expect, it } from 'vitest';
import { sizeBucketOf } from './size-bucket';

describe('sizeBucketOf (SPEC §3)', () => {
  it.each([
    [0, '<1M'],
    [999_999, '<1M'],
    [1_000_000, '1M-5M'],
    [4_999_999, '1M-5M'],
    [5_000_000, '5M-12M'],
    [12_000_000, '12M-25M'],
    [25_000_000, '25M+'],
    [550_000_000, '25M+'],
  ] as const)('%i → %s', (estimate, bucket) => {
    expect(sizeBucketOf(estimate)).toBe(bucket);
  });
});
