import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate/evaluate';
import type { AudienceIndex } from '../postings/audience-index';
import { fixtureIndex } from '../testing/fixture';
import { pkg } from '../testing/network-a';
import { CLIQUE_A, CLIQUE_B, NETWORK_B } from '../testing/network-b';
import { communities } from './communities/communities';
import { network } from './communities/network';
import { compareAudiences } from './compare';
import { contentWall } from './content-wall';
import { InsightContext } from './context';
import { engagement } from './engagement';
import { influentialAccounts } from './influential';
import { sampleAccounts } from './sample-accounts';

let index: AudienceIndex;
beforeAll(async () => {
  index = await fixtureIndex(NETWORK_B);
});
const cliques = () =>
  new InsightContext(index, evaluate(index, pkg({ countries: [{ label: 'US' }, { label: 'JP' }] })), {
    // The hand-written network has 12 accounts: every cell is under the product's minimum support.
    minSupport: 1,
  });

describe('network insights', () => {
  it('influential accounts: most followed inside the audience, with affinity', () => {
    const panel = influentialAccounts(cliques());
    const [first, second] = panel.accounts;
    // 5 is followed by its clique (4) and the bridge 4; 0 by its clique only (10 and 11 are outside).
    expect(first).toMatchObject({
      account: 5,
      followersInAudience: 5,
      share: 0.5,
      populationShare: 0.5,
      affinity: 1,
      inAudience: true,
    });
    expect(second).toMatchObject({ account: 0, followersInAudience: 4, share: 0.4, populationShare: 0.5 });
    expect(second!.affinity).toBeCloseTo(0.8, 10);
  });

  it('communities: Louvain splits the two cliques and names them by their distinctive terms', () => {
    const panel = communities(cliques());
    expect(panel.nodes).toBe(10);
    expect(panel.edges).toBe(41);
    expect(panel.communities).toHaveLength(2);
    const byName = Object.fromEntries(panel.communities.map((c) => [c.name, c]));
    // Each clique's bio words are equally distinctive: the first by value names it (util/top-k.ts `byValue`).
    expect(Object.keys(byName).sort()).toEqual(['Physics · physics', 'Soccer · fans']);
    expect(byName['Physics · physics']).toMatchObject({ size: 5, share: 0.5, coreSize: 5 });
    expect(byName['Soccer · fans']!.topAccounts[0]!.account).toBe(5);
    expect(panel.otherShare).toBeCloseTo(0, 10);
  });

  it('network: nodes carry their community; edges are follows between them', () => {
    const ctx = cliques();
    const panel = network(ctx);
    expect(panel.nodes).toHaveLength(10);
    expect(panel.edges).toHaveLength(41);
    const community = (n: number) => panel.nodes.find((node) => node.account === n)!.community;
    expect(new Set(CLIQUE_A.map(community)).size).toBe(1);
    expect(new Set(CLIQUE_B.map(community)).size).toBe(1);
    expect(community(0)).not.toBe(community(9));
  });

  it('content wall: the members own posts by engagement; outsiders left out', () => {
    const wall = contentWall(cliques());
    expect(wall.posts.map((p) => [p.post, p.author.account, p.text])).toEqual([
      [0, 5, 'Goal! #soccer'],
      [1, 0, 'New telescope photos #stars'],
    ]);
  });

  it('most liked and reposted: what the audience engaged with, whoever wrote it', () => {
    const panel = engagement(cliques());
    expect(panel.mostLikedPosts.map((p) => [p.post, p.byAudience])).toEqual([
      [0, 3],
      [1, 2],
      [2, 2],
    ]);
    expect(panel.mostLikedAccounts.map((a) => [a.handle, a.byAudience])).toEqual([
      ['user5', 3],
      ['user0', 2],
      ['user10', 2],
    ]);
    expect(panel.mostRepostedPosts.map((p) => [p.post, p.byAudience])).toEqual([[0, 1]]);
  });

  it('sample accounts are distinct members with their bio', () => {
    const sample = sampleAccounts(cliques(), 6);
    expect(new Set(sample.map((s) => s.account)).size).toBe(6);
    for (const s of sample) expect(s.account).toBeLessThan(10);
    expect(sample[0]!.bio).toMatch(/Physics|Soccer/);
  });

  it('compares two audiences: overlap and biggest differences', () => {
    const a = evaluate(index, pkg({ interests: [{ label: 'Physics' }] }));
    const footballers = evaluate(index, pkg({ countries: [{ label: 'Japan' }] }));
    const cmp = compareAudiences(index, a, footballers);
    expect(cmp).toMatchObject({ sizeA: 5, sizeB: 5, overlap: 0, jaccard: 0, shareOfAInB: 0 });
    expect(cmp.byDimension.countries!.map((d) => [d.key, d.difference])).toEqual([
      ['US', 1],
      ['JP', -1],
    ]);
    const everyone = evaluate(index, pkg({ placements: ['profiles'] }));
    const overlap = compareAudiences(index, a, everyone);
    expect(overlap).toMatchObject({ overlap: 5, shareOfAInB: 1, shareOfBInA: 5 / 12, jaccard: 5 / 12 });
  });
});
