import { describe, expect, it } from 'vitest';
import type { AudienceInsights } from '@murmur/core/insights';
import { countAudience, evaluate } from '../evaluate/evaluate';
import { computeInsights } from '../insights/insights';
import type { InsightsOptions } from '../insights/context';
import { fixtureIndex, fixtureLines, type Fixture } from '../testing/fixture';
import { NETWORK_A, pkg } from '../testing/network-a';
import { MergedDictionary, proportional, shardedInsights, type ShardAsker } from './merge-insights';
import type { ShardRequests } from './protocol';
import { buildShard } from './shard-index';
import { ShardInsights } from './shard-insights';

/**
 * NETWORK_A without the record of one account (not the last), which the first three still follow
 * (the single engine drops follows to accounts without a record; so must the shards).
 */
const GONE = NETWORK_A.accounts[5]!.n;
const NETWORK: Fixture = {
  ...NETWORK_A,
  accounts: NETWORK_A.accounts
    .filter((a) => a.n !== GONE)
    .map((a, i) => (i < 3 ? { ...a, follows: [...(a.follows ?? []), GONE] } : a)),
};
const lines = () => fixtureLines(NETWORK).map((l) => `${l}\n`);

/** The shards in this thread: the protocol's questions answered by each shard's ShardInsights. */
async function inProcessShards(shards: number): Promise<ShardAsker & { dictionary: MergedDictionary }> {
  const parts = await Promise.all(
    Array.from({ length: shards }, async (_, shard) => {
      const built = await buildShard(lines(), { shard, shards });
      return new ShardInsights(built.index, built.termOrder);
    }),
  );
  const answer = (s: ShardInsights, op: keyof ShardRequests, input: never): unknown => {
    // Through JSON, as on the wire.
    const i = JSON.parse(JSON.stringify(input)) as never;
    switch (op) {
      case 'estimate': {
        const q = i as ShardRequests['estimate'];
        return countAudience(s.index, q.pkg, { exclusions: q.exclusions ?? [] });
      }
      case 'insightsDictionary':
        return s.dictionary();
      case 'insightsPartial':
        return s.partial(i);
      case 'insightsGraph':
        return s.graph(i);
      case 'insightsResolve':
        return s.resolve(i);
      case 'insightsDescribe':
        return s.describe(i);
      case 'fieldCounts':
      case 'lookup':
      case 'ping':
        throw new Error(`${op}: not asked by insights`);
    }
  };
  return {
    shards,
    dictionary: new MergedDictionary(parts.map((p) => p.dictionary())),
    ask: <K extends keyof ShardRequests, T>(shard: number, op: K, input: ShardRequests[K]) =>
      Promise.resolve(JSON.parse(JSON.stringify(answer(parts[shard]!, op, input as never))) as T),
  };
}

const PACKAGES = [
  pkg({ handles: [{ handle: 'nasa' }] }),
  pkg({ keywords: [{ label: 'coffee' }] }),
  pkg({ gender: ['female'] }),
  pkg({ handles: [{ handle: 'nasa' }], gender: ['female'] }),
  pkg({ keywords: [{ label: 'cricket' }, { label: 'nowhere-to-be-found' }] }),
];

/** The panels that are counts (everything but the sample accounts), without the timing. */
const counted = (i: AudienceInsights) => {
  const { ms: _ms, sampleAccounts: _sample, ...rest } = i;
  return rest;
};

describe('insights over shards', () => {
  it('splits a total in proportion, exactly', () => {
    expect(proportional(12, [5, 5, 2])).toEqual([5, 5, 2]);
    expect(proportional(12, [1, 1, 1])).toEqual([4, 4, 4]);
    expect(proportional(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(proportional(3, [0, 7, 0])).toEqual([0, 3, 0]);
    expect(proportional(5, [0, 0])).toEqual([0, 0]);
  });

  it.each([2, 3, 4])("gives, over %i shards, every panel of the single engine's insights", async (shards) => {
    const single = await fixtureIndex(NETWORK);
    const asker = await inProcessShards(shards);
    const options: InsightsOptions[] = [{}, { sampleSize: 3, graphSampleSize: 2, top: 3 }];
    for (const p of PACKAGES) {
      for (const o of options) {
        const one = computeInsights(single, evaluate(single, p), o);
        const merged = await shardedInsights(asker, asker.dictionary, single.scale, { pkg: p }, o);
        expect(counted(merged)).toEqual(counted(one));
        expect(merged.sampleAccounts).toHaveLength(one.sampleAccounts.length);
        const members = new Set(evaluate(single, p).accounts.toArray());
        for (const a of merged.sampleAccounts) expect(members.has(a.account)).toBe(true);
      }
    }
  });
});
