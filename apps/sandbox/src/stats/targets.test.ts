import { describe, expect, it } from 'vitest';
import { generateNetwork } from '../generate/network';
import { distance } from './mix';
import { networkStats } from './network-stats';

// The targets, measured on a 100 000-account network with two days of history (the stats
// command checks 100k and 1M; below ~50k communities are too small to hold X's sparse structure).
describe('network statistics at 100 000 accounts', () => {
  const stats = networkStats(generateNetwork({ accounts: 100_000, seed: 'targets', historyDays: 2 }));

  it('has a heavy-tailed in-degree with exponent 2.0–2.5', () => {
    expect(stats.inDegreeTail.alpha).toBeGreaterThanOrEqual(2);
    expect(stats.inDegreeTail.alpha).toBeLessThanOrEqual(2.5);
    expect(stats.maxFollowers).toBeGreaterThan(50 * stats.medianFollowers);
  });

  it('has mean out-degree 30–60 and reciprocity 30–45 % of follows', () => {
    expect(stats.meanOutDegree).toBeGreaterThanOrEqual(30);
    expect(stats.meanOutDegree).toBeLessThanOrEqual(60);
    expect(stats.reciprocity).toBeGreaterThanOrEqual(0.3);
    expect(stats.reciprocity).toBeLessThanOrEqual(0.45);
  });

  it('concentrates reciprocity in a minority, as Kwak et al. 2010 found', () => {
    // 22.1 % of connected pairs mutual, yet 67.6 % of users followed back by none of their followings.
    expect(stats.reciprocityOf.pairs).toBeGreaterThanOrEqual(0.18);
    expect(stats.reciprocityOf.pairs).toBeLessThanOrEqual(0.29);
    expect(stats.reciprocityOf.noneFollowBack).toBeGreaterThanOrEqual(0.6);
    expect(stats.reciprocityOf.noneFollowBack).toBeLessThanOrEqual(0.75);
  });

  it('clusters like a social network (Myers et al. 2014)', () => {
    expect(stats.clustering).toBeGreaterThanOrEqual(0.05);
    expect(stats.clustering).toBeLessThanOrEqual(0.25);
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
