import { describe, expect, it } from 'vitest';
import { buildIndex, liveEngine, LIVE_BUILD_OPTIONS, toSharedAccountSet, AccountSet } from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { targetingPackageSchema, type TargetingPackageInput } from '@murmur/core/targeting';
import { digestCommunitiesOf, engineTasks, type DigestCommunity } from './engine-tasks';

const noProgress = () => {};
const pkg = (input: TargetingPackageInput) => targetingPackageSchema.parse(input);
const PACKAGES = [
  { languages: [{ label: 'English' }] },
  { languages: [{ label: 'Japanese' }] },
  { countries: [{ label: 'Japan', id: 'JP' }] },
];

describe('a history point’s communities', () => {
  it('are each community’s members in the audience, from one pass over the members, as the intersections count them', async () => {
    const network = generateNetwork({ accounts: 3000, seed: 'history-point' });
    const engine = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
    const partition = digestCommunitiesOf(engineTasks.networkCommunities(engine, null, noProgress));
    expect(partition.length).toBeGreaterThan(1);
    // Two communities sharing accounts (not a partition): counted by intersections.
    const everyone = engine.explore.everyone();
    const overlapping: DigestCommunity[] = [
      ...partition,
      { value: 'everyone', label: 'everyone', members: toSharedAccountSet(everyone) },
    ];
    for (const communities of [partition, overlapping, partition]) {
      for (const input of PACKAGES) {
        const audience = engine.evaluate(pkg(input));
        const want = communities
          .map((c) => ({
            value: c.value,
            count: engine.overlap(audience, new AccountSet(c.members.size, c.members.bits, c.members.count)),
          }))
          .filter((c) => c.count > 0)
          .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
        const got = engineTasks.digestComposition(engine, { pkg: pkg(input), communities }, noProgress);
        expect(got.community.values.map((c) => ({ value: c.value, count: c.count }))).toEqual(
          want.slice(0, 10),
        );
        expect(got.community.members).toBe(want.reduce((s, c) => s + c.count, 0));
        expect(got.community.complete).toBe(want.length <= 10);
      }
    }
  });
});
