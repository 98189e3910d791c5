import { describe, expect, it } from 'vitest';
import { matchCommunities, partitionOnIndex } from './community-predecessor';

/** An assignment (position + 1 per account, 0 for none) from each account's community or null. */
const assignment = (communities: (number | null)[]) =>
  Uint16Array.from(communities, (c) => (c === null ? 0 : c + 1));

describe('matchCommunities', () => {
  it('matches each community to the one it shares most members with, both ways and over half the union', () => {
    // Now: 0 = accounts 0–4 and 9, 1 = accounts 5–8 and 10–11. Before: the same two, listed the other way round.
    const now = assignment([0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 1]);
    const before = assignment([1, 1, 1, 1, 1, 0, 0, 0, 0, null, 0, null]);
    expect(matchCommunities(now, before, 2, 2)).toEqual([1, 0]);
  });

  it('leaves a community split in three, or a new one, without a match', () => {
    // Before: one community of 9; now its thirds are three communities; a fourth is new.
    const before = assignment([0, 0, 0, 0, 0, 0, 0, 0, 0, null, null]);
    const now = assignment([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3]);
    // Each third shares 3 of a union of 9: less than half; the new one shares nothing.
    expect(matchCommunities(now, before, 4, 1)).toEqual([null, null, null, null]);
  });

  it('accounts beyond the earlier census (new to the index) are in no earlier community', () => {
    const before = assignment([0, 0, 0]);
    const now = assignment([0, 0, 0, 0, 0]);
    // 3 shared of a union of 5: over half.
    expect(matchCommunities(now, before, 1, 1)).toEqual([0]);
  });
});

describe('partitionOnIndex', () => {
  it('maps the stored core to this index’s account numbers, ascending, dropping ids no longer present', () => {
    const numbers = new Map([
      ['a', 7],
      ['b', 2],
    ]);
    const partition = partitionOnIndex(
      { partition: 'p', at: 0, core: ['a', 'gone', 'b'], community: [3, 4, 5], listed: [0, -1, 1, 2, 3, 4] },
      (id) => numbers.get(id),
    );
    expect(Array.from(partition.core)).toEqual([2, 7]);
    expect(Array.from(partition.community)).toEqual([5, 3]);
    expect(Array.from(partition.listed)).toEqual([0, -1, 1, 2, 3, 4]);
  });
});
