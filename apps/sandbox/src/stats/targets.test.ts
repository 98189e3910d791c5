import { describe, expect, it } from 'vitest';
import { generateNetwork } from '../generate/network';
import { distance } from './mix';
import { networkStats } from './network-stats';

// The targets, measured on a 20 000-account network (the stats command checks 100k and 1M).
describe('network statistics at 20 000 accounts', () => {
  const stats = networkStats(generateNetwork({ accounts: 20_000, seed: 'targets', historyDays: 7 }));

  it('has a heavy-tailed in-degree with exponent 2.0–2.5', () => {
    expect(stats.inDegreeTail.alpha).toBeGreaterThanOrEqual(2);
    expect(stats.inDegreeTail.alpha).toBeLessThanOrEqual(2.5);
    expect(stats.maxFollowers).toBeGreaterThan(50 * stats.medianFollowers);
  });

  it('has mean out-degree 30–60 and reciprocity 20–45 %', () => {
    expect(stats.meanOutDegree).toBeGreaterThanOrEqual(30);
    expect(stats.meanOutDegree).toBeLessThanOrEqual(60);
    expect(stats.reciprocity).toBeGreaterThanOrEqual(0.2);
    expect(stats.reciprocity).toBeLessThanOrEqual(0.45);
  });

  it('has strongly modular planted communities', () => {
    expect(stats.modularity).toBeGreaterThan(0.3);
  });

  it('has an X-like language and country mix and 15–20 % spam', () => {
    expect(distance(stats.languages)).toBeLessThanOrEqual(0.1);
    expect(distance(stats.countries)).toBeLessThanOrEqual(0.05);
    expect(stats.languages.find((l) => l.key === 'ja')!.observed).toBeGreaterThan(0.1);
    expect(stats.spamShare).toBeGreaterThanOrEqual(0.15);
    expect(stats.spamShare).toBeLessThanOrEqual(0.2);
  });

  it('posts follow the local day: few posts between midnight and 6 am', () => {
    expect(stats.nightPosts).toBeLessThan(0.12);
  });
});
