import { describe, expect, it } from 'vitest';
import { populationEstimate } from './model';
import { wilsonInterval } from './interval';
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
  it('is the difference of the joined and left counts’ Wilson intervals (MOVER)', () => {
    // 90 stayed of 100 before and 130 now: 40 joined, 10 left, 30 gained, of 10 000 sampled.
    const interval = netChangeInterval({ before: 100, now: 130, stayed: 90 }, 10_000);
    expect(interval.change).toBe(30);
    expect(interval.turnover).toBe(50);
    const joined = wilsonInterval(40, 10_000);
    const left = wilsonInterval(10, 10_000);
    const r = -Math.sqrt((0.004 * 0.001) / (0.996 * 0.999));
    const a = 40 - joined.low * 10_000;
    const b = left.high * 10_000 - 10;
    const c = joined.high * 10_000 - 40;
    const d = 10 - left.low * 10_000;
    expect(interval.low).toBeCloseTo(30 - Math.sqrt(a * a + b * b - 2 * r * a * b), 10);
    expect(interval.high).toBeCloseTo(30 + Math.sqrt(c * c + d * d - 2 * r * c * d), 10);
    // Near the paired normal interval (joined + left) − change²/n at these counts.
    const half = 1.959963984540054 * Math.sqrt(50 - 900 / 10_000);
    expect(interval.low).toBeGreaterThan(30 - half - 2);
    expect(interval.high).toBeLessThan(30 + half + 2);
  });

  it('does not collapse to a point when no one joined or left', () => {
    const interval = netChangeInterval({ before: 100, now: 100, stayed: 100 }, 10_000);
    expect(interval.change).toBe(0);
    expect(interval.low).toBeLessThan(-3.8);
    expect(interval.high).toBeGreaterThan(3.8);
    // Without the sample's size, the Poisson score interval: z² either side.
    const unknownN = netChangeInterval({ before: 100, now: 100, stayed: 100 }, null);
    expect(unknownN.high).toBeCloseTo(1.959963984540054 ** 2, 10);
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

/** One binomial draw: `trials` accounts, each sampled with probability `p`. */
function binomial(trials: number, p: number, next: () => number): number {
  let k = 0;
  for (let i = 0; i < trials; i++) if (next() < p) k++;
  return k;
}

/** The former interval: the normal one around the paired variance (joined + left) − change²/n. */
function normalInterval(joined: number, left: number, n: number): { low: number; high: number } {
  const change = joined - left;
  const half = 1.959963984540054 * Math.sqrt(Math.max(0, joined + left - (change * change) / n));
  return { low: change - half, high: change + half };
}

describe('netChangeInterval at small counts', () => {
  // A population where, on average, 0 to 10 sampled accounts join and 0 to 10 leave (rate × that
  // many accounts of the population), the rest staying in or out: 1 000 draws of a 1-in-20 sample
  // per cell. Each cell must be covered at least 94 % of the time (95 % less the draws' own error);
  // the normal interval is covered 40 % of the time when about one account joins and none leaves.
  it('covers the population’s net change in every cell of 0–10 joined × 0–10 left', () => {
    const rate = 20;
    const n = 5_000;
    const draws = 1_000;
    const next = random(31);
    const means = [0, 0.5, 1, 2, 3, 5, 7, 10];
    let worst = 1;
    let worstNormal = 1;
    for (const meanJoined of means) {
      for (const meanLeft of means) {
        const joinedInPopulation = Math.round(meanJoined * rate);
        const leftInPopulation = Math.round(meanLeft * rate);
        const truth = joinedInPopulation - leftInPopulation;
        let covered = 0;
        let coveredNormal = 0;
        for (let draw = 0; draw < draws; draw++) {
          const joined = binomial(joinedInPopulation, 1 / rate, next);
          const left = binomial(leftInPopulation, 1 / rate, next);
          // 200 stayed in the group; the rest of the sample was never in it.
          const interval = netChangeInterval({ before: 200 + left, now: 200 + joined, stayed: 200 }, n);
          if (interval.low * rate <= truth && truth <= interval.high * rate) covered++;
          const normal = normalInterval(joined, left, n);
          if (normal.low * rate <= truth && truth <= normal.high * rate) coveredNormal++;
        }
        worst = Math.min(worst, covered / draws);
        worstNormal = Math.min(worstNormal, coveredNormal / draws);
      }
    }
    expect(worst).toBeGreaterThanOrEqual(0.94);
    expect(worstNormal).toBeLessThan(0.6);
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
