import { describe, expect, it } from 'vitest';
import { figureSchema, xFollowers, countFigure } from './figure';
import { wilsonInterval } from './interval';
import { estimateOfStored, populationEstimate, samplingOfStored, samplingRate } from './model';

describe('wilsonInterval', () => {
  // Known values: Wilson's 95 % score interval as tabulated (e.g. Newcombe 1998, table I).
  it.each([
    [5, 10, 0.2366, 0.7634],
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [1, 1000, 0.000177, 0.005643],
  ])('%i of %i → [%f, %f]', (k, n, low, high) => {
    const interval = wilsonInterval(k, n);
    expect(interval.share).toBeCloseTo(k / n, 12);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('knows nothing without trials', () => {
    expect(wilsonInterval(0, 0)).toEqual({ share: 0, low: 0, high: 1 });
  });

  it('refuses counts that are not a sample', () => {
    expect(() => wilsonInterval(11, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 10)).toThrow(RangeError);
  });

  it('narrows as the sample grows', () => {
    const small = wilsonInterval(10, 100);
    const large = wilsonInterval(1000, 10_000);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
  });
});

describe('samplingRate', () => {
  it('is 1 for the firehose, 10 for a 10 % sample and the scale for the sandbox', () => {
    expect(samplingRate({ kind: 'firehose' })).toBe(1);
    expect(samplingRate({ kind: 'sample', percent: 10 })).toBe(10);
    expect(samplingRate({ kind: 'sandbox', scale: 5500 })).toBe(5500);
  });

  it('refuses impossible rates', () => {
    expect(() => samplingRate({ kind: 'sample', percent: 0 })).toThrow(RangeError);
    expect(() => samplingRate({ kind: 'sample', percent: 120 })).toThrow(RangeError);
    expect(() => samplingRate({ kind: 'sandbox', scale: 0 })).toThrow(RangeError);
  });
});

describe('populationEstimate', () => {
  it('is the count × rate with the scaled Wilson interval', () => {
    // 147 of 100,000 sampled accounts at 5,500 each: Wilson gives [0.00125092, 0.00172738].
    expect(populationEstimate(147, { sampleSize: 100_000, rate: 5500 })).toEqual({
      kind: 'estimate',
      value: 808_500,
      low: 688_008,
      high: 950_057,
      sample: 147,
      sample_size: 100_000,
      rate: 5500,
    });
  });

  it('gives an empty sample an upper bound, not certainty', () => {
    const none = populationEstimate(0, { sampleSize: 100_000, rate: 5500 });
    expect(none.value).toBe(0);
    expect(none.low).toBe(0);
    expect(none.high).toBe(21_128);
  });

  it('is exact for the firehose on everyone', () => {
    const all = populationEstimate(1000, { sampleSize: 1000, rate: 1 });
    expect(all.value).toBe(1000);
    expect(all.high).toBe(1000);
    expect(all.low).toBeLessThan(1000);
  });

  it('always holds the value inside its interval', () => {
    for (const k of [0, 1, 2, 5, 50, 999, 1000]) {
      const f = populationEstimate(k, { sampleSize: 1000, rate: 3.7 });
      expect(f.low).toBeLessThanOrEqual(f.value);
      expect(f.high).toBeGreaterThanOrEqual(f.value);
    }
  });

  it('without a known sample size, takes the Wilson limit for a large sample', () => {
    const limit = populationEstimate(147, { sampleSize: null, rate: 5500 });
    const large = populationEstimate(147, { sampleSize: 1e12, rate: 5500 });
    expect(limit.sample_size).toBeNull();
    expect(limit.value).toBe(808_500);
    expect(Math.abs(limit.low - large.low)).toBeLessThanOrEqual(1);
    expect(Math.abs(limit.high - large.high)).toBeLessThanOrEqual(1);
    // 0 of a large sample: at most z² ≈ 3.84 sampled accounts.
    expect(populationEstimate(0, { sampleSize: null, rate: 1000 }).high).toBe(3842);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => populationEstimate(1, { sampleSize: 10, rate: 0 })).toThrow(RangeError);
  });
});

describe('samplingOfStored', () => {
  it('recovers the rate from a stored size and count, or falls back', () => {
    expect(samplingOfStored(808_500, 147, 100_000, 1)).toEqual({ sampleSize: 100_000, rate: 5500 });
    expect(samplingOfStored(0, 0, 100_000, 5500)).toEqual({ sampleSize: 100_000, rate: 5500 });
  });
});

describe('estimateOfStored', () => {
  it('recovers the count behind a stored scaled size and keeps the stored value', () => {
    const figure = estimateOfStored(605_000, { sampleSize: 100_000, rate: 5500 });
    expect(figure).toMatchObject({ kind: 'estimate', value: 605_000, sample: 110, rate: 5500 });
    expect(figure.low).toBeLessThan(605_000);
    expect(figure.high).toBeGreaterThan(605_000);
    // A value the rate does not divide evenly stays within its interval.
    const odd = estimateOfStored(5_501, { sampleSize: 100_000, rate: 5500 });
    expect(odd.value).toBe(5_501);
    expect(odd.low).toBeLessThanOrEqual(5_501);
    expect(odd.high).toBeGreaterThanOrEqual(5_501);
    expect(estimateOfStored(0, { sampleSize: null, rate: 10 })).toMatchObject({
      value: 0,
      low: 0,
      sample: 0,
    });
  });
});

describe('figureSchema', () => {
  it('accepts the three kinds and refuses an unknown one', () => {
    expect(figureSchema.parse(xFollowers(2200))).toMatchObject({
      kind: 'x',
      metric: 'followers',
      value: 2200,
    });
    expect(figureSchema.parse(countFigure(147, 'upload'))).toEqual({
      kind: 'count',
      value: 147,
      of: 'upload',
    });
    expect(figureSchema.safeParse({ kind: 'followers', value: 1 }).success).toBe(false);
  });
});
