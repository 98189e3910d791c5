import { describe, expect, it } from 'vitest';
import { buildShard, inMemoryEngine, type CommunityCensus, type CommunityPartition } from '@murmur/engine';
import { fixtureIndex, fixtureLines, NETWORK_A, NETWORK_B, type Fixture } from '@murmur/engine/testing';
import { connect } from '@nats-io/transport-node';
import { startNats } from './nats-server';
import { serveShard } from './shard-service';
import { ShardedEngine } from './sharded-engine';

/** Comparable: the assignment as a plain array (a Uint16Array's equality ignores a longer tail of 0). */
const plain = (c: CommunityCensus) => ({
  accounts: c.accounts,
  members: c.members,
  assignment: Array.from(c.assignment),
});

/**
 * A partition of NETWORK_A drawn by hand: core accounts on every shard (so a shard must learn the
 * others' core to assign its accounts), one that has no record (followed, never present), and a
 * Louvain community that is not listed.
 */
function handPartition(fixture: Fixture): CommunityPartition {
  const numbers = fixture.accounts.map((a) => a.n).sort((a, b) => a - b);
  const core = numbers.slice(0, 6);
  const gone = Math.max(...numbers) + 1;
  return {
    core: Uint32Array.from([...core, gone]),
    community: Uint32Array.from([0, 1, 2, 0, 1, 2, 1]),
    listed: Int32Array.from([1, 0, -1]),
  };
}

/** NETWORK_A with one account followed by others but without a record of its own. */
function withGone(fixture: Fixture): Fixture {
  const gone = Math.max(...fixture.accounts.map((a) => a.n)) + 1;
  return {
    ...fixture,
    accounts: fixture.accounts.map((a, i) =>
      i % 2 === 0 ? { ...a, follows: [...(a.follows ?? []), gone] } : a,
    ),
  };
}

describe('a community census through the shards', () => {
  it.each([
    ['NETWORK_A (a partition drawn by hand)', withGone(NETWORK_A), 'hand'],
    ['NETWORK_B (its own Louvain partition)', NETWORK_B, 'louvain'],
  ] as const)("equals the single engine's on %s, over 2 and 3 shards", async (_name, fixture, kind) => {
    const single = inMemoryEngine(await fixtureIndex(fixture));
    const partition = kind === 'hand' ? handPartition(fixture) : single.explore.communities().partition;
    const expected = single.explore.communityCensus(partition);
    // The census is not empty: the test would not pass on zeros.
    expect(expected.members.some((m) => m > 0)).toBe(true);
    expect(expected.assignment.some((p) => p > 0)).toBe(true);

    const nats = await startNats();
    const nc = await connect({ servers: nats.url });
    try {
      for (const shards of [2, 3]) {
        const services: { close(): Promise<void> }[] = [];
        const lines = fixtureLines(fixture).map((l) => `${l}\n`);
        const prefix = `census${shards}`;
        for (let shard = 0; shard < shards; shard++) {
          const built = await buildShard(lines, { shard, shards });
          services.push(serveShard({ nc, engine: inMemoryEngine(built.index), shard, shards, prefix }));
        }
        try {
          const sharded = await ShardedEngine.open({ nc, shards, prefix });
          const census = await sharded.communityCensus(partition);
          expect(plain(census)).toEqual(plain(expected));
          // A shard alone, told only of its own core, assigns fewer: the core's presence is exchanged.
          const alone = inMemoryEngine((await buildShard(lines, { shard: 0, shards })).index);
          const own = alone.explore.communityCensus(partition);
          expect(own.members.reduce((a, b) => a + b, 0)).toBeLessThan(
            census.members.reduce((a, b) => a + b, 0),
          );
        } finally {
          for (const s of services) await s.close();
        }
      }
    } finally {
      await nc.close();
      await nats.stop();
    }
  });
});
