import { describe, expect, it } from 'vitest';
import type { AsyncAudienceEngine } from '@murmur/engine';
import type { TargetingPackage } from '@murmur/core/targeting';
import { createEstimateCache } from './estimate-cache';

/** An engine whose estimate counts its calls and answers with that count as the size. */
function countingEngine() {
  const engine = {
    calls: 0,
    estimate() {
      engine.calls++;
      return {
        sampleCount: engine.calls,
        populationEstimate: engine.calls * 10,
        sizeBucket: '<1M',
        unmatched: [],
        handlesTruncated: false,
      };
    },
  };
  return engine as typeof engine & AsyncAudienceEngine;
}

const music: TargetingPackage = { keywords: [{ label: 'music' }] } as TargetingPackage;
/** A sample of 1 000 accounts, each standing for 10. */
const sampling = { sampleSize: 1000, scale: 10 };
const jazz: TargetingPackage = { keywords: [{ label: 'jazz' }] } as TargetingPackage;
const custom = { custom_audiences: [{ name: 'Buyers' }] } as TargetingPackage;

describe('estimate cache', () => {
  it('answers the same package and exclusions from memory (with its body), anything else from the engine', () => {
    const cache = createEstimateCache({ max: 10, ttlMs: 60_000 });
    const engine = countingEngine();
    const first = cache.estimate(engine, music, [], sampling);
    expect(cache.estimate(engine, music, [], sampling)).toEqual(first);
    expect(engine.calls).toBe(1);
    void cache.estimate(engine, jazz, [], sampling);
    void cache.estimate(engine, music, [jazz], sampling);
    expect(engine.calls).toBe(3);
    const estimate = {
      sample_count: 1,
      population_estimate: 10,
      size_bucket: '<1M',
      unmatched: [],
      handles_truncated: false,
      // 1 of 1 000 sampled accounts × 10: Wilson's 95 % interval [0.000177, 0.005643] × 10 000.
      figure: { kind: 'estimate', value: 10, low: 1, high: 57, sample: 1, sample_size: 1000, rate: 10 },
    };
    expect(first).toEqual({ estimate, body: JSON.stringify(estimate) });
  });

  it('never keeps an estimate of another engine, nor one that names a custom audience', () => {
    const cache = createEstimateCache({ max: 10, ttlMs: 60_000 });
    const old = countingEngine();
    void cache.estimate(old, music, [], sampling);
    const rebuilt = countingEngine();
    void cache.estimate(rebuilt, music, [], sampling);
    expect(rebuilt.calls).toBe(1);
    void cache.estimate(rebuilt, custom, [], sampling);
    void cache.estimate(rebuilt, custom, [], sampling);
    void cache.estimate(rebuilt, music, [custom], sampling);
    void cache.estimate(rebuilt, music, [custom], sampling);
    expect(rebuilt.calls).toBe(5);
  });

  it('forgets the least recently used beyond its size', () => {
    const cache = createEstimateCache({ max: 1, ttlMs: 60_000 });
    const engine = countingEngine();
    void cache.estimate(engine, music, [], sampling);
    void cache.estimate(engine, jazz, [], sampling);
    void cache.estimate(engine, music, [], sampling);
    expect(engine.calls).toBe(3);
  });

  it('keeps an answer that comes later (shards) once it came, and not a failed one', async () => {
    const cache = createEstimateCache({ max: 10, ttlMs: 60_000 });
    const sync = countingEngine();
    let fail = true;
    const engine = {
      kind: 'shards',
      estimate: () => (fail ? Promise.reject(new Error('shard 1 down')) : Promise.resolve(sync.estimate())),
    } as unknown as AsyncAudienceEngine;
    await expect(cache.estimate(engine, music, [], sampling)).rejects.toThrow('shard 1 down');
    fail = false;
    const first = await cache.estimate(engine, music, [], sampling);
    expect(first.estimate.sample_count).toBe(1);
    expect(cache.estimate(engine, music, [], sampling)).toBe(first);
    expect(sync.calls).toBe(1);
  });
});
