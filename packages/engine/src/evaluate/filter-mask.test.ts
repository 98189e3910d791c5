import { describe, expect, it } from 'vitest';
import { newBits } from '../bits/bitset';
import type { Posting } from '../bits/posting';
import type { AudienceIndex } from '../postings/audience-index';
import { filterMask, MASKS_HELD } from './filter-mask';

describe('filterMask', () => {
  it('keeps MASKS_HELD masks of a 10 M-account index, not just the 32 MB worth (25) of them', () => {
    const size = 10_000_000;
    const present = newBits(size).fill(0xffffffff);
    // Only the fields filterMask reads: a fake index of 10 M present accounts.
    const index = { size, present } as unknown as AudienceIndex;
    const restriction = (n: number): Posting[][] => [
      [{ kind: 'list', count: 1, list: Uint32Array.of(n * 1000) }],
    ];
    const first = filterMask(index, restriction(0), 'k0');
    expect(first.count).toBe(1);
    const kept = Math.min(MASKS_HELD, 60);
    for (let k = 1; k < kept; k++) filterMask(index, restriction(k), `k${k}`);
    // A memo that had evicted the first mask would build a new one: equal, but not the same object.
    expect(filterMask(index, restriction(0), 'k0')).toBe(first);
  });
});
