import { describe, expect, it } from 'vitest';
import { buildIndex, liveEngine, LIVE_BUILD_OPTIONS, toSharedAccountSet, AccountSet } from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { targetingPackageSchema, type TargetingPackageInput } from '@murmur/core/targeting';
import {
  DIGEST_GRAPH_SAMPLE,
  DIGEST_SAMPLE,
  digestCommunitiesOf,
  type DigestCommunity,
} from './digest-composition';
import { engineTasks } from './engine-tasks';

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

describe('a history point’s interests and influential accounts', () => {
  it('are read from bounded uniform samples, each share within its 99.9 % interval of the whole audience’s', async () => {
    const network = generateNetwork({ accounts: 14_000, seed: 'history-sample' });
    const engine = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
    const input = { languages: [{ label: 'English' }, { label: 'Japanese' }, { label: 'Spanish' }] };
    const audience = engine.evaluate(pkg(input));
    const size = audience.accounts.count;
    expect(size).toBeGreaterThan(DIGEST_SAMPLE);
    expect(size).toBeGreaterThan(2 * DIGEST_GRAPH_SAMPLE);
    const got = engineTasks.digestComposition(engine, { pkg: pkg(input), communities: [] }, noProgress);
    // About the samples' sizes (a hash threshold), below the audience's.
    expect(got.interest.members).toBeGreaterThan(DIGEST_SAMPLE * 0.9);
    expect(got.interest.members).toBeLessThan(size);
    expect(got.interest.members).toBeLessThan(DIGEST_SAMPLE * 1.1 + 64);
    expect(got.influential.members).toBeGreaterThan(DIGEST_GRAPH_SAMPLE * 0.9);
    expect(got.influential.members).toBeLessThan(DIGEST_GRAPH_SAMPLE * 1.1 + 64);
    expect(got.followed.members).toBe(got.influential.members);
    // Every member read: the same panels without samples.
    const whole = engine.explore.panels(audience, ['interests', 'influentialAccounts'], {
      top: 10_000,
      distinctive: false,
      sampleSize: size,
      graphSampleSize: size,
    });
    expect(whole.influentialAccounts.basis.analysed).toBe(size);
    const wholeShare = {
      interest: new Map(whole.interests.interests.map((v) => [v.label, v.count / size])),
      influential: new Map(whole.influentialAccounts.accounts.map((v) => [v.id, v.count / size])),
    };
    for (const section of ['interest', 'influential'] as const) {
      const { members, values } = got[section];
      expect(values.length).toBeGreaterThan(5);
      for (const v of values) {
        const p = v.count / members;
        const truth = wholeShare[section].get(v.value) ?? 0;
        expect(Math.abs(p - truth)).toBeLessThanOrEqual(
          3.29 * Math.sqrt((p * (1 - p)) / members) + 1 / members,
        );
      }
    }
  }, 120_000);
});
