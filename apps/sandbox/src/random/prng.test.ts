import { describe, expect, it } from 'vitest';
import { AliasTable } from './alias';
import { pareto, poisson, sampleDistinct } from './distributions';
import { Rng, streamRng } from './prng';

describe('Rng', () => {
  it('is reproducible from its seed and differs between seeds', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
  });

  it('gives independent named streams', () => {
    expect(streamRng('s', 'graph').next()).not.toBe(streamRng('s', 'posts').next());
    expect(streamRng('s', 'graph').next()).toBe(streamRng('s', 'graph').next());
  });

  it('draws uniform floats with the right mean and range', () => {
    const rng = new Rng(7);
    let sum = 0;
    let min = 1;
    let max = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = rng.float();
      min = Math.min(min, x);
      max = Math.max(max, x);
      sum += x;
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    expect(sum / 100_000).toBeCloseTo(0.5, 2);
  });

  it('draws normals with mean 0 and variance 1', () => {
    const rng = new Rng(9);
    let s = 0;
    let s2 = 0;
    for (let i = 0; i < 50_000; i++) {
      const x = rng.normal();
      s += x;
      s2 += x * x;
    }
    expect(s / 50_000).toBeCloseTo(0, 1);
    expect(s2 / 50_000).toBeCloseTo(1, 1);
  });
});

describe('distributions', () => {
  it('poisson has the requested mean for small and large lambda', () => {
    const rng = new Rng(1);
    for (const lambda of [0.7, 4, 120]) {
      let s = 0;
      for (let i = 0; i < 20_000; i++) s += poisson(rng, lambda);
      expect(Math.abs(s / 20_000 - lambda) / lambda).toBeLessThan(0.03);
    }
  });

  it('pareto has the requested tail: P(X > 10 xmin) = 10^-alpha', () => {
    const rng = new Rng(2);
    let over = 0;
    for (let i = 0; i < 100_000; i++) if (pareto(rng, 1, 1.5) > 10) over++;
    expect(over / 100_000).toBeCloseTo(Math.pow(10, -1.5), 2);
  });

  it('sampleDistinct returns k distinct indices in range', () => {
    const picks = sampleDistinct(new Rng(3), 50, 20);
    expect(new Set(picks).size).toBe(20);
    expect(picks.every((p) => p >= 0 && p < 50)).toBe(true);
  });
});

describe('AliasTable', () => {
  it('samples in proportion to the weights and maps slots to items', () => {
    const table = new AliasTable([1, 0, 3, 6], new Uint32Array([10, 11, 12, 13]));
    const rng = new Rng(5);
    const counts = new Map<number, number>();
    for (let i = 0; i < 100_000; i++) {
      const item = table.sample(rng);
      counts.set(item, (counts.get(item) ?? 0) + 1);
    }
    expect(counts.get(11)).toBeUndefined();
    expect((counts.get(10) ?? 0) / 100_000).toBeCloseTo(0.1, 2);
    expect((counts.get(12) ?? 0) / 100_000).toBeCloseTo(0.3, 2);
    expect((counts.get(13) ?? 0) / 100_000).toBeCloseTo(0.6, 2);
  });
});
