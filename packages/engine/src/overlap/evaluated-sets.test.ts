import { describe, expect, it } from 'vitest';
import { inMemoryEngine, type AudienceEngine } from '../engine';
import { fixtureIndex } from '../testing/fixture';
import { NETWORK_A, pkg } from '../testing/network-a';
import { canonicalJson, EvaluatedSets, overlapOfQueries } from './evaluated-sets';

describe('canonicalJson', () => {
  it('is the same whatever order the keys were written in, and tells different values apart', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: 'x' }], a: null })).toBe(
      canonicalJson({ a: null, b: [1, { c: 'x', d: 2 }] }),
    );
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
  });
});

describe('EvaluatedSets', () => {
  const nasa = pkg({ handles: [{ handle: 'nasa' }] });
  const coffee = pkg({ keywords: [{ label: 'coffee' }] });

  it('evaluates a package once per version, and gives the counts of evaluating every time', async () => {
    const engine = inMemoryEngine(await fixtureIndex(NETWORK_A));
    const sets = new EvaluatedSets();
    const queries = [{ pkg: nasa }, { pkg: coffee, exclusions: [nasa] }];
    const fresh = overlapOfQueries(engine, queries);
    expect(overlapOfQueries(engine, queries, sets)).toEqual(fresh);
    expect(overlapOfQueries(engine, queries, sets)).toEqual(fresh);
    expect([sets.misses, sets.hits]).toEqual([2, 2]);
    // The same package with its fields in another order is the same audience.
    const reordered = Object.fromEntries(Object.entries(nasa).reverse()) as typeof nasa;
    expect(Object.keys(reordered)).not.toEqual(Object.keys(nasa));
    expect(sets.get(engine, { pkg: reordered }).count).toBe(engine.evaluate(nasa).sampleCount);
    expect(sets.hits).toBe(3);

    // Another version (a live engine applied a batch): evaluated again.
    let version = 1;
    const live: AudienceEngine = Object.defineProperty({ ...engine }, 'version', { get: () => version });
    sets.get(live, { pkg: nasa });
    version = 2;
    sets.get(live, { pkg: nasa });
    expect(sets.misses).toBe(4);
  });

  it('never keeps a package naming a custom audience (a list replaced under its name)', async () => {
    const engine = inMemoryEngine(await fixtureIndex(NETWORK_A));
    const sets = new EvaluatedSets();
    const buyers = pkg({ custom_audiences: [{ name: 'Buyers' }] });
    engine.registerCustomAudience('Buyers', [1, 2, 3]);
    expect(sets.get(engine, { pkg: buyers }).count).toBe(engine.evaluate(buyers).sampleCount);
    engine.registerCustomAudience('Buyers', [4]);
    expect(sets.get(engine, { pkg: buyers }).toArray()).toEqual(engine.evaluate(buyers).accounts.toArray());
    expect(sets.hits).toBe(0);
  });
});
