import { describe, expect, it } from 'vitest';
import type { AudienceInsights } from '@murmur/core/insights';
import { connect } from '@nats-io/transport-node';
import {
  createLiveEngine,
  createLiveShardEngine,
  LiveShardQuestions,
  type LiveShardEngine,
} from '@murmur/engine';
import { baseModel, pkg, randomEvents, seededRandom } from '@murmur/engine/testing';
import { startNats } from './nats-server';
import { serveShard } from './shard-service';
import { ShardedEngine } from './sharded-engine';
import { DEFAULT_PREFIX } from './protocol';

/** The panels that are counts (everything but the sample accounts), without the timing. */
const counted = (i: AudienceInsights) => {
  const { ms: _ms, sampleAccounts: _sample, ...rest } = i;
  return rest;
};

const PACKAGES = [
  pkg({ languages: [{ label: 'English' }, { label: 'Japanese' }, { label: 'Spanish' }] }),
  pkg({ keywords: [{ label: 'coffee' }] }),
];

describe('insights over live shards on NATS', () => {
  it("pin each question to one replica per shard and its version, and equal the single live engine's", async () => {
    const rand = seededRandom(44);
    const m = baseModel(rand, 90, 140);
    const exported = m.lines();
    const events = randomEvents(m, rand, 600);
    const half = Math.floor(events.length / 2);
    const shards = 2;
    const single = await createLiveEngine(exported);
    // Two replicas of each shard, every engine applying one log in one order (one partition).
    const replicas: { shard: number; name: string; engine: LiveShardEngine }[] = [];
    for (let shard = 0; shard < shards; shard++) {
      for (const name of ['a', 'b']) {
        replicas.push({ shard, name, engine: await createLiveShardEngine(exported, { shard, shards }) });
      }
    }
    const apply = (from: number, to: number) => {
      single.apply(events.slice(from, to));
      for (const r of replicas) r.engine.apply(events.slice(from, to));
    };
    apply(0, half);
    const nats = await startNats();
    const nc = await connect({ servers: nats.url });
    const services = replicas.map((r) => ({
      ...r,
      service: serveShard({
        nc,
        engine: r.engine,
        shard: r.shard,
        shards,
        replica: r.name,
        liveInsights: new LiveShardQuestions(r.engine),
      }),
    }));
    // Every request the shards get, by subject; the rest of the log lands on the first estimate.
    const seen: string[] = [];
    let rest = false;
    const spy = nc.subscribe(`${DEFAULT_PREFIX}.>`, {
      callback: (_error, msg) => {
        if (msg.subject.endsWith('.estimate') && !rest) {
          rest = true;
          apply(half, events.length);
        }
        seen.push(msg.subject);
      },
    });
    try {
      const sharded = await ShardedEngine.open({ nc, shards });
      expect(sharded.shardInfo.every((i) => i.liveInsights)).toBe(true);
      const expected = counted(single.insights(single.evaluate(PACKAGES[0]!)));
      await nc.flush();
      seen.length = 0;
      expect(counted(await sharded.insights({ pkg: PACKAGES[0]! }))).toEqual(expected);
      await nc.flush();
      // Not vacuous: the log after the dictionaries landed mid-question and changed the answer.
      expect(rest).toBe(true);
      expect(counted(single.insights(single.evaluate(PACKAGES[0]!)))).not.toEqual(expected);
      // The dictionary through each shard's queue group, every later round trip to one replica's subject.
      for (let shard = 0; shard < shards; shard++) {
        const mine = seen.filter((s) => s.startsWith(`${DEFAULT_PREFIX}.${shard}.`));
        expect(mine[0]).toBe(`${DEFAULT_PREFIX}.${shard}.insightsDictionary`);
        const pinned = new Set(mine.slice(1).map((s) => s.split('.').at(-2)));
        expect(pinned.size, mine.join(' ')).toBe(1);
        expect(mine.slice(1).map((s) => s.split('.').at(-1))).toEqual([
          'estimate',
          'insightsPartial',
          'insightsGraph',
          'insightsResolve',
          'insightsDescribe',
        ]);
      }
      // Every question released by its last round trip; later questions read the newer version.
      for (const p of PACKAGES) {
        expect(counted(await sharded.insights({ pkg: p }))).toEqual(
          counted(single.insights(single.evaluate(p))),
        );
      }
      // With one replica of each shard gone, the other answers.
      for (const s of services.filter((s) => s.name === 'a')) await s.service.close();
      const p = PACKAGES[1]!;
      expect(counted(await sharded.insights({ pkg: p }))).toEqual(
        counted(single.insights(single.evaluate(p))),
      );
    } finally {
      spy.unsubscribe();
      for (const s of services) await s.service.close();
      await nc.close();
      await nats.stop();
    }
  });

  it('refuse insights with the reason a replica gives (a live shard over several partitions)', async () => {
    const m = baseModel(seededRandom(45), 30, 40);
    const nats = await startNats();
    const nc = await connect({ servers: nats.url });
    const reason = 'a live shard over 3 partitions numbers the accounts born live in its own apply order';
    const services = await Promise.all(
      [0, 1].map(async (shard) =>
        serveShard({
          nc,
          engine: await createLiveShardEngine(m.lines(), { shard, shards: 2 }),
          shard,
          shards: 2,
          noInsights: reason,
        }),
      ),
    );
    try {
      const sharded = await ShardedEngine.open({ nc, shards: 2 });
      expect(sharded.shardInfo.some((i) => i.liveInsights)).toBe(false);
      await expect(sharded.insights({ pkg: PACKAGES[0]! })).rejects.toThrow(`serves no insights (${reason})`);
    } finally {
      for (const s of services) await s.close();
      await nc.close();
      await nats.stop();
    }
  });
});
