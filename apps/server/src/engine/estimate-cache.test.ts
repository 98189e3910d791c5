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
const jazz: TargetingPackage = { keywords: [{ label: 'jazz' }] } as TargetingPackage;
const custom = { custom_audiences: [{ name: 'Buyers' }] } as TargetingPackage;

describe('estimate cache', () => {
  it('answers the same package and exclusions from memory (with its body), anything else from the engine', () => {
    const cache = createEstimateCache({ max: 10, ttlMs: 60_000 });
    const engine = countingEngine();
    const first = cache.estimate(engine, music, []);
    expect(cache.estimate(engine, music, [])).toEqual(first);
    expect(engine.calls).toBe(1);
    void cache.estimate(engine, jazz, []);
    void cache.estimate(engine, music, [jazz]);
    expect(engine.calls).toBe(3);
    const estimate = {
      sample_count: 1,
      population_estimate: 10,
      size_bucket: '<1M',
      unmatched: [],
      handles_truncated: false,
    };
    expect(first).toEqual({ estimate, body: JSON.stringify(estimate) });
  });

  it('never keeps an estimate of another engine, nor one that names a custom audience', () => {
    const cache = createEstimateCache({ max: 10, ttlMs: 60_000 });
    const old = countingEngine();
    void cache.estimate(old, music, []);
    const rebuilt = countingEngine();
    void cache.estimate(rebuilt, music, []);
    expect(rebuilt.calls).toBe(1);
    void cache.estimate(rebuilt, custom, []);
    void cache.estimate(rebuilt, custom, []);
    void cache.estimate(rebuilt, music, [custom]);
    void cache.estimate(rebuilt, music, [custom]);
    expect(rebuilt.calls).toBe(5);
  });

  it('forgets the least recently used beyond its size', () => {
    const cache = createEstimateCache({ max: 1, ttlMs: 60_000 });
    const engine = countingEngine();
    void cache.estimate(engine, music, []);
    void cache.estimate(engine, jazz, []);
    void cache.estimate(engine, music, []);
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
    await expect(cache.estimate(engine, music, [])).rejects.toThrow('shard 1 down');
    fail = false;
    const first = await cache.estimate(engine, music, []);
    expect(first.estimate.sample_count).toBe(1);
    expect(cache.estimate(engine, music, [])).toBe(first);
    expect(sync.calls).toBe(1);
  });
});
