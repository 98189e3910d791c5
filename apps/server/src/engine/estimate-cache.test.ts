import { describe, expect, it } from 'vitest';
import type { AudienceEngine } from '@murmur/engine';
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
  return engine as typeof engine & AudienceEngine;
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
    cache.estimate(engine, jazz, []);
    cache.estimate(engine, music, [jazz]);
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
    cache.estimate(old, music, []);
    const rebuilt = countingEngine();
    cache.estimate(rebuilt, music, []);
    expect(rebuilt.calls).toBe(1);
    cache.estimate(rebuilt, custom, []);
    cache.estimate(rebuilt, custom, []);
    cache.estimate(rebuilt, music, [custom]);
    cache.estimate(rebuilt, music, [custom]);
    expect(rebuilt.calls).toBe(5);
  });

  it('forgets the least recently used beyond its size', () => {
    const cache = createEstimateCache({ max: 1, ttlMs: 60_000 });
    const engine = countingEngine();
    cache.estimate(engine, music, []);
    cache.estimate(engine, jazz, []);
    cache.estimate(engine, music, []);
    expect(engine.calls).toBe(3);
  });
});
