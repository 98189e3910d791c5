import { describe, expect, it } from 'vitest';
import { populationEstimate } from './model';
import { netChangeInterval, netGainEstimate } from './net-change';

/** A seeded generator (mulberry32), so that the coverage below is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('netChangeInterval', () => {
  it('is the paired difference: (joined + left) − change² / n around the change', () => {
    // 90 stayed of 100 before and 130 now: 40 joined, 10 left, 30 gained, of 10 000 sampled.
    const interval = netChangeInterval({ before: 100, now: 130, stayed: 90 }, 10_000);
    expect(interval.change).toBe(30);
    expect(interval.turnover).toBe(50);
    const half = 1.959963984540054 * Math.sqrt(50 - 900 / 10_000);
    expect(interval.low).toBeCloseTo(30 - half, 10);
    expect(interval.high).toBeCloseTo(30 + half, 10);
  });

  it('without the overlap, is bounded as if no one stayed (wider, never narrower)', () => {
    const known = netChangeInterval({ before: 100, now: 130, stayed: 90 }, 10_000);
    const unknown = netChangeInterval({ before: 100, now: 130, stayed: null }, 10_000);
    expect(unknown.turnover).toBe(230);
    expect(unknown.high - unknown.low).toBeGreaterThan(known.high - known.low);
  });

  it('refuses counts that are not two measurements of one sample', () => {
    expect(() => netChangeInterval({ before: 5, now: 3, stayed: 4 }, 100)).toThrow(RangeError);
    expect(() => netChangeInterval({ before: -1, now: 3, stayed: 0 }, 100)).toThrow(RangeError);
    expect(() => netChangeInterval({ before: 1.5, now: 3, stayed: 0 }, 100)).toThrow(RangeError);
  });

  // A population of 100 000 accounts where 5 000 are in a group before; 2 000 of them leave and
  // 2 400 others join (a net gain of 400). Each draw samples every account with probability 1/20,
  // as the index samples X, and measures the gain on that one sample at both times.
  it('covers the population’s net gain about 95 % of the time; one count’s interval does not', () => {
    const N = 100_000;
    const rate = 20;
    const next = random(30);
    let covered = 0;
    let coveredAsCount = 0;
    const draws = 400;
    for (let draw = 0; draw < draws; draw++) {
      let n = 0;
      let before = 0;
      let now = 0;
      let stayed = 0;
      for (let i = 0; i < N; i++) {
        if (next() * rate >= 1) continue;
        n++;
        const wasIn = i < 5_000;
        const isIn = (i >= 2_000 && i < 5_000) || (i >= 5_000 && i < 7_400);
        if (wasIn) before++;
        if (isIn) now++;
        if (wasIn && isIn) stayed++;
      }
      const interval = netChangeInterval({ before, now, stayed }, n);
      if (interval.low * rate <= 400 && 400 <= interval.high * rate) covered++;
      // The former method: the net gain taken as one count of sampled accounts (Wilson).
      if (now > before) {
        const asCount = populationEstimate(now - before, { sampleSize: n, rate });
        if (asCount.low <= 400 && 400 <= asCount.high) coveredAsCount++;
      }
    }
    expect(covered / draws).toBeGreaterThan(0.92);
    expect(covered / draws).toBeLessThan(0.98);
    expect(coveredAsCount / draws).toBeLessThan(0.6);
  });
});

describe('netGainEstimate', () => {
  it('is the gain × the rate with the interval scaled, when the interval excludes no change', () => {
    const figure = netGainEstimate({ before: 100, now: 130, stayed: 90 }, { sampleSize: 10_000, rate: 50 });
    const interval = netChangeInterval({ before: 100, now: 130, stayed: 90 }, 10_000);
    expect(figure).toEqual({
      kind: 'estimate',
      value: 1500,
      low: Math.floor(interval.low * 50),
      high: Math.ceil(interval.high * 50),
      sample: 30,
      sample_size: 10_000,
      rate: 50,
    });
  });

  it('is null for a loss, no change, or a gain the sample cannot tell from none', () => {
    const sampling = { sampleSize: 10_000, rate: 50 };
    expect(netGainEstimate({ before: 130, now: 100, stayed: 90 }, sampling)).toBeNull();
    expect(netGainEstimate({ before: 100, now: 100, stayed: 100 }, sampling)).toBeNull();
    // +3 with 20 joining and 17 leaving: 3 ± 1.96·√37 holds zero.
    expect(netGainEstimate({ before: 100, now: 103, stayed: 83 }, sampling)).toBeNull();
    // The same +3 with no one leaving: 3 ± 1.96·√3 holds zero too; +8 with no one leaving does not.
    expect(netGainEstimate({ before: 100, now: 103, stayed: 100 }, sampling)).toBeNull();
    expect(netGainEstimate({ before: 100, now: 108, stayed: 100 }, sampling)?.sample).toBe(8);
  });
});
