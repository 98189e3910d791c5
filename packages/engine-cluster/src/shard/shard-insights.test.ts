import { describe, expect, it } from 'vitest';
import type { AudienceInsights } from '@murmur/core/insights';
import {
  countAudience,
  evaluate,
  computeInsights,
  type InsightsOptions,
  MergedDictionary,
  proportional,
  shardedInsights,
  type ShardAsker,
  buildShard,
  ShardInsights,
  indexFromShared,
  shareIndex,
  readSnapshot,
  writeSnapshot,
  inMemoryEngine,
} from '@murmur/engine';
import { fixtureIndex, fixtureLines, type Fixture, NETWORK_A, pkg } from '@murmur/engine/testing';
import type { ShardRequests } from './protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { startNats } from './nats-server';
import { serveShard } from './shard-service';
import { ShardedEngine } from './sharded-engine';

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
      case 'overlapMany':
      case 'lookalikeKeys':
      case 'lookalikeCount':
      case 'lookalikePopulation':
      case 'lookalikeRank':
      case 'lookalikeDescribe':
      case 'lookalikeJoint':
      case 'censusCore':
      case 'communityCensus':
      case 'liveStatus':
      case 'questionFinish':
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

  it.each([2, 3])(
    'measures, over %i shards, every panel against a chosen baseline as the single engine does',
    async (shards) => {
      const single = await fixtureIndex(NETWORK);
      const asker = await inProcessShards(shards);
      const baselines = [pkg({ gender: ['female'] }), pkg({ keywords: [{ label: 'coffee' }] }), PACKAGES[0]!];
      const options: InsightsOptions[] = [{ minSupport: 1 }, { sampleSize: 3, graphSampleSize: 2, top: 3 }];
      for (const p of PACKAGES.slice(0, 4)) {
        for (const b of baselines) {
          for (const o of options) {
            const against = evaluate(single, b).accounts;
            const one = computeInsights(single, evaluate(single, p), o, against);
            const merged = await shardedInsights(asker, asker.dictionary, single.scale, { pkg: p }, o, {
              pkg: b,
            });
            expect(counted(merged)).toEqual(counted(one));
            // Not the whole network's numbers: the baseline changed some affinity.
            if (o.minSupport === 1 && against.count > 0) {
              const network = computeInsights(single, evaluate(single, p), o);
              expect(counted(one)).not.toEqual(counted(network));
            }
          }
        }
      }
    },
  );

  it("keeps the terms' export order in shared memory and snapshots, so a loaded shard serves insights", async () => {
    const built = await buildShard(lines(), { shard: 1, shards: 3 });
    const expected = new ShardInsights(built.index, built.termOrder).dictionary();
    const { shared, index } = shareIndex(built.index);
    expect(new ShardInsights(index).dictionary()).toEqual(expected);
    const dir = mkdtempSync(join(tmpdir(), 'murmur-shard-insights-'));
    try {
      writeSnapshot(shared, join(dir, 'shard.snapshot'), 'test');
      const loaded = indexFromShared(readSnapshot(join(dir, 'shard.snapshot')).index);
      expect(new ShardInsights(loaded).dictionary()).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // An index built without the order (buildIndex) is refused, not served with another tie order.
    const plain = await fixtureIndex(NETWORK);
    expect(() => new ShardInsights(plain)).toThrow(/export order/);
  });
});

describe('insights over shards on NATS', () => {
  it("streams replies larger than max_payload in chunks, and merges them to the single engine's panels", async () => {
    const MAX = 1024;
    const nats = await startNats({ maxPayload: MAX });
    const nc = await connect({ servers: nats.url });
    const services: { close(): Promise<void> }[] = [];
    try {
      expect(nc.info?.max_payload).toBe(MAX);
      const shards = 3;
      const sizes: number[] = [];
      for (let shard = 0; shard < shards; shard++) {
        const built = await buildShard(lines(), { shard, shards });
        const insights = new ShardInsights(built.index, built.termOrder);
        sizes.push(JSON.stringify(insights.dictionary()).length);
        services.push(serveShard({ nc, engine: inMemoryEngine(built.index), shard, shards, insights }));
      }
      // Shard 0's dictionary alone does not fit in one message.
      expect(sizes[0]).toBeGreaterThan(MAX);
      const sharded = await ShardedEngine.open({ nc, shards });
      const single = await fixtureIndex(NETWORK);
      for (const p of PACKAGES) {
        const one = computeInsights(single, evaluate(single, p));
        expect(counted(await sharded.insights({ pkg: p }))).toEqual(counted(one));
      }
    } finally {
      for (const s of services) await s.close();
      await nc.close();
      await nats.stop();
    }
  });
});
