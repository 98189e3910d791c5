import { describe, expect, it } from 'vitest';
import { countPerAccount, countSorted } from './counts';

describe('follow tallies', () => {
  it('count followed accounts the same way sorted and per account', () => {
    let s = 3;
    const accounts = 5_000;
    // Skewed like follows: low account numbers followed far more often.
    const follows = Uint32Array.from({ length: 20_000 }, () => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return Math.floor(accounts * (s / 2 ** 32) ** 3);
    });
    const expected = new Map<number, number>();
    for (const v of follows) expected.set(v, (expected.get(v) ?? 0) + 1);
    const keys = [...expected.keys()].sort((a, b) => a - b);
    for (const tally of [countSorted(follows, accounts), countPerAccount(follows, accounts)]) {
      expect(Array.from(tally.followed)).toEqual(keys);
      expect(Array.from(tally.counts)).toEqual(keys.map((k) => expected.get(k)));
    }
    expect(countSorted(new Uint32Array(0), accounts).followed.length).toBe(0);
    expect(countPerAccount(new Uint32Array(0), accounts).followed.length).toBe(0);
  });
});
