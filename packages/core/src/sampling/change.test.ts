import { describe, expect, it } from 'vitest';
import { benjaminiHochberg, normalCdf, twoProportionTest } from './change';

describe('change over time', () => {
  it('the normal distribution function at known points', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1.959963984540054)).toBeCloseTo(0.025, 6);
    expect(normalCdf(3)).toBeCloseTo(0.9986501, 6);
    expect(normalCdf(-8)).toBeLessThan(1e-14);
  });

  it('two proportions: the textbook example, no trials, and bad counts', () => {
    // 45 of 100 against 60 of 100: z = 2.1249, two-sided p = 0.0336.
    const t = twoProportionTest(45, 100, 60, 100);
    expect(t.difference).toBeCloseTo(0.15, 10);
    expect(t.p).toBeCloseTo(0.0336, 3);
    expect(twoProportionTest(0, 0, 5, 10)).toEqual({ difference: 0, p: 1 });
    expect(twoProportionTest(10, 10, 20, 20).p).toBe(1);
    expect(() => twoProportionTest(11, 10, 1, 2)).toThrow(RangeError);
    expect(() => twoProportionTest(1.5, 10, 1, 2)).toThrow(RangeError);
  });

  it('Benjamini–Hochberg: adjusted in the order given, monotone, never above 1', () => {
    // R: p.adjust(c(0.01, 0.04, 0.03, 0.5), "BH") = 0.04 0.0533 0.0533 0.5
    const q = benjaminiHochberg([0.01, 0.04, 0.03, 0.5]);
    expect(q[0]).toBeCloseTo(0.04, 10);
    expect(q[1]).toBeCloseTo(0.04 * (4 / 3), 10);
    expect(q[2]).toBeCloseTo(0.04 * (4 / 3), 10);
    expect(q[3]).toBeCloseTo(0.5, 10);
    expect(benjaminiHochberg([])).toEqual([]);
    expect(benjaminiHochberg([0.9, 0.95])).toEqual([0.95, 0.95]);
  });
});
