import { describe, expect, it } from 'vitest';
import { radixSort, radixSortPairs } from './radix-sort';

/** Pseudo-random values below `limit` (a linear congruential generator: the same on every run). */
function values(count: number, limit: number): Uint32Array {
  let s = 7;
  return Uint32Array.from({ length: count }, () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s % limit;
  });
}

describe('radixSort', () => {
  it.each([1, 2, 1_000, 1 << 12, (1 << 12) + 1, 3_000_000, (1 << 24) + 1, 2 ** 32 - 1])(
    'sorts values below %d',
    (limit) => {
      const input = values(5_000, limit);
      expect(Array.from(radixSort(input.slice(), limit))).toEqual(Array.from(input).sort((a, b) => a - b));
    },
  );
});

describe('radixSortPairs', () => {
  it('sorts the keys and keeps equal keys in their values order', () => {
    const keys = values(5_000, 300_000).map((k) => k % 97);
    const order = Uint32Array.from(keys, (_, i) => i);
    const sorted = radixSortPairs(keys.slice(), order, 300_000);
    const expected = Array.from(order).sort((a, b) => keys[a]! - keys[b]! || a - b);
    expect(Array.from(sorted.values)).toEqual(expected);
    expect(Array.from(sorted.keys)).toEqual(expected.map((i) => keys[i]!));
  });
});
