import { describe, expect, it } from 'vitest';
import { frequencyOf, reachedAccounts } from './reach-frequency';

describe('reach and frequency (impressions ÷ reach, as X defines it)', () => {
  it('is 0 before delivery and at least 1 once anything was shown', () => {
    expect(reachedAccounts(0, 1_000_000)).toBe(0);
    expect(frequencyOf(0, 0)).toBe(0);
    expect(frequencyOf(5_000, reachedAccounts(5_000, 2_000_000))).toBe(1);
    expect(reachedAccounts(1, 2_000_000)).toBe(1);
  });

  it('grows as impressions repeat over a small audience', () => {
    // 1 000 impressions over 1 000 accounts reach 1 − 1/e of them: 632, so 1.58 each.
    expect(reachedAccounts(1_000, 1_000)).toBe(632);
    expect(frequencyOf(1_000, 632)).toBe(1.58);
    // Ten times the audience in impressions: nearly everyone, ten times each.
    expect(reachedAccounts(10_000, 1_000)).toBe(1_000);
    expect(frequencyOf(10_000, 1_000)).toBe(10);
  });

  it('never reaches more accounts than impressions or than the audience', () => {
    for (const [i, a] of [
      [3, 5],
      [50, 10],
      [7, 1_000_000_000],
    ] as const) {
      const r = reachedAccounts(i, a);
      expect(r).toBeLessThanOrEqual(Math.min(i, a));
      expect(frequencyOf(i, r)).toBeGreaterThanOrEqual(1);
    }
  });
});
