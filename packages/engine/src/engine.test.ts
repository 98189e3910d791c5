import { describe, expect, it } from 'vitest';
import { createInMemoryEngine } from './engine';
import { EmptyTargetingError } from './errors';
import { fixtureLines } from './testing/fixture';
import { pkg } from './testing/network-a';
import { NETWORK_B } from './testing/network-b';

describe('AudienceEngine (in memory)', () => {
  it('builds from the export, estimates, evaluates, analyses and compares', async () => {
    const engine = await createInMemoryEngine(fixtureLines(NETWORK_B).map((l) => `${l}\n`));
    expect(engine.stats.accounts).toBe(12);
    expect(engine.scale).toBe(1000);
    const physics = pkg({ interests: [{ label: 'Physics' }] });
    const estimate = engine.estimate(physics);
    expect(estimate).toMatchObject({ sampleCount: 5, populationEstimate: 5000, sizeBucket: '<1M' });
    expect(estimate).not.toHaveProperty('accounts');
    const audience = engine.evaluate(physics);
    expect(engine.insights(audience).communities.communities).toHaveLength(1);
    expect(engine.compare(audience, audience).jaccard).toBe(1);
    expect(() => engine.estimate(pkg({}))).toThrow(EmptyTargetingError);
  });

  it('registers custom audiences and describes accounts', async () => {
    const engine = await createInMemoryEngine(fixtureLines(NETWORK_B).map((l) => `${l}\n`));
    engine.registerCustomAudience('Coffee people', [10, 11]);
    expect(engine.estimate(pkg({ custom_audiences: [{ name: 'Coffee people' }] })).sampleCount).toBe(2);
    expect(engine.findAccount('@USER5')).toBe(5);
    expect(engine.describeAccounts([5])).toEqual([
      { account: 5, id: '1005', handle: 'user5', name: 'User 5', followers: 0, verified: false },
    ]);
  });
});
