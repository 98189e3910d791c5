import { describe, expect, it } from 'vitest';
import { Rng } from '../random/prng';
import { directedModularity, reciprocity } from './graph-metrics';
import { fitPowerLawTail } from './power-law';
import { transpose } from '../model/csr';

describe('fitPowerLawTail', () => {
  it('recovers the exponent of a discrete power law', () => {
    const rng = new Rng(3);
    for (const alpha of [2.1, 2.5]) {
      // Inverse-transform sampling of a continuous Pareto, rounded: P(k) ∝ k^−alpha in the tail.
      const values = Array.from({ length: 50_000 }, () =>
        Math.round(5 * Math.pow(1 - rng.float(), -1 / (alpha - 1))),
      );
      const fit = fitPowerLawTail(values);
      expect(Math.abs(fit.alpha - alpha)).toBeLessThan(0.1);
    }
  });

  it('finds the tail above a non-power-law body', () => {
    const rng = new Rng(4);
    const body = Array.from({ length: 20_000 }, () => 1 + rng.int(20));
    const tail = Array.from({ length: 5_000 }, () => Math.round(30 * Math.pow(1 - rng.float(), -1 / 1.3)));
    const fit = fitPowerLawTail([...body, ...tail]);
    expect(fit.xmin).toBeGreaterThanOrEqual(20);
    expect(fit.alpha).toBeGreaterThan(2.1);
    expect(fit.alpha).toBeLessThan(2.5);
  });
});

describe('graph metrics', () => {
  // 0 ⇄ 1, 1 → 2, 2 ⇄ 3: four of five edges are returned.
  const following = { offsets: Uint32Array.of(0, 1, 3, 4, 5), values: Uint32Array.of(1, 0, 2, 3, 2) };

  it('measures reciprocity as the share of returned follows', () => {
    expect(reciprocity(following, transpose(following, 4))).toBeCloseTo(4 / 5);
  });

  it('gives two loosely joined groups a high modularity and one group none', () => {
    expect(directedModularity(following, [0, 0, 1, 1], 2)).toBeCloseTo(4 / 5 - (3 * 2 + 2 * 3) / 25);
    expect(directedModularity(following, [0, 0, 0, 0], 1)).toBeCloseTo(0);
  });
});
