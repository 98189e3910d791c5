import { describe, expect, it } from 'vitest';
import {
  buildShard,
  inMemoryEngine,
  mergeOverlapCounts,
  planReach,
  topCombinations,
  type OverlapCounts,
} from '@murmur/engine';
import { fixtureIndex, fixtureLines, NETWORK_A, pkg } from '@murmur/engine/testing';
import { connect } from '@nats-io/transport-node';
import { startNats } from './nats-server';
import { serveShard } from './shard-service';
import { ShardedEngine } from './sharded-engine';

const lines = () => fixtureLines(NETWORK_A).map((l) => `${l}\n`);

/** Overlapping audiences of NETWORK_A: followers, words, a demographic, and one with an exclusion. */
const AUDIENCES = [
  { pkg: pkg({ handles: [{ handle: 'nasa' }] }) },
  { pkg: pkg({ keywords: [{ label: 'coffee' }] }) },
  { pkg: pkg({ gender: ['female'], handles: [{ handle: 'nasa' }, { handle: 'bbcnews' }] }) },
  { pkg: pkg({ keywords: [{ label: 'cricket' }] }), exclusions: [pkg({ handles: [{ handle: 'nasa' }] })] },
  { pkg: pkg({ handles: [{ handle: 'bbcnews' }] }) },
];

/** Combinations in a fixed order, so two engines' counts compare whatever order they met them in. */
const sorted = (c: OverlapCounts) => {
  const order = c.signatures.map((_, k) => k).sort((a, b) => c.signatures[a]! - c.signatures[b]!);
  return { ...c, signatures: order.map((k) => c.signatures[k]), counts: order.map((k) => c.counts[k]) };
};

describe('overlapMany through the shards', () => {
  it("equals the single engine's counts, combinations and plan", async () => {
    const index = await fixtureIndex(NETWORK_A);
    const single = inMemoryEngine(index);
    const expected = single.overlapMany(
      AUDIENCES.map((a) => single.evaluate(a.pkg, { exclusions: a.exclusions ?? [] })),
    );
    // The fixture is small but the audiences do overlap: the test would not pass on zeros.
    expect(expected.union).toBeGreaterThan(0);
    expect(expected.pairs.some((p) => p > 0)).toBe(true);

    const nats = await startNats();
    const nc = await connect({ servers: nats.url });
    const services: { close(): Promise<void> }[] = [];
    try {
      const shards = 3;
      for (let shard = 0; shard < shards; shard++) {
        const built = await buildShard(lines(), { shard, shards });
        services.push(serveShard({ nc, engine: inMemoryEngine(built.index), shard, shards }));
      }
      const sharded = await ShardedEngine.open({ nc, shards });
      const counts = await sharded.overlapMany(AUDIENCES);
      expect(sorted(counts)).toEqual(sorted(expected));
      expect(topCombinations(counts, 30)).toEqual(topCombinations(expected, 30));
      expect(planReach(counts)).toEqual(planReach(expected));
      // Each shard answered a part: the merge of one shard alone is not the whole.
      const parts = await sharded.scatter<'overlapMany', OverlapCounts>('overlapMany', {
        audiences: AUDIENCES,
      });
      expect(parts.filter((p) => p.union > 0).length).toBeGreaterThan(1);
      expect(mergeOverlapCounts(parts).union).toBe(expected.union);
    } finally {
      for (const s of services) await s.close();
      await nc.close();
      await nats.stop();
    }
  });
});
