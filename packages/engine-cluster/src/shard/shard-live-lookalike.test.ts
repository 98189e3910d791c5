import { describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import {
  createLiveEngine,
  createLiveShardEngine,
  LiveShardQuestions,
  type LiveAudienceEngine,
  type LiveShardEngine,
  type Lookalike,
  type LookalikeOptions,
} from '@murmur/engine';
import { baseModel, lookalikeFans, pkg, randomEvents, seededRandom } from '@murmur/engine/testing';
import { startNats } from './nats-server';
import { serveLiveReplicas } from './live-replicas-kit';
import { ShardedEngine } from './sharded-engine';
import { DEFAULT_PREFIX } from './protocol';

/** A result without its timing, as plain data. */
const plain = (l: Lookalike) => ({ ...l, ms: 0, ranked: Array.from(l.ranked) });

/** The seed: accounts using #jazz (many born live), as the single engine has them. */
const seedOf = (single: LiveAudienceEngine): number[] =>
  Array.from(single.evaluate(pkg({ hashtags: [{ label: 'jazz' }] })).accounts.toArray());

const CASES: LookalikeOptions[] = [{}, { country: 'JP', sizes: [5, 10] }, { evaluate: false, samples: 5 }];

describe('lookalikes over live shards on NATS', () => {
  it("pin each lookalike to one replica per shard and its version, and equal the single live engine's", async () => {
    const rand = seededRandom(52);
    const m = baseModel(rand, 90, 140);
    const exported = m.lines();
    const random = randomEvents(m, rand, 700);
    // Accounts born live, posts, likes, follows, unfollows, deletions, suspensions, restores.
    const events = [...random.slice(0, 100), ...lookalikeFans(rand), ...random.slice(100)];
    const half = Math.floor(events.length / 2);
    const shards = 3;
    const single = await createLiveEngine(exported);
    // Two replicas of each shard, every engine applying one log in one order (one partition).
    const replicas: { shard: number; name: string; engine: LiveShardEngine; held: LiveShardQuestions }[] = [];
    for (let shard = 0; shard < shards; shard++) {
      for (const name of ['a', 'b']) {
        const engine = await createLiveShardEngine(exported, { shard, shards });
        replicas.push({ shard, name, engine, held: new LiveShardQuestions(engine) });
      }
    }
    const apply = (from: number, to: number) => {
      for (let i = from; i < to; i += 50) {
        const batch = events.slice(i, Math.min(i + 50, to));
        single.apply(batch);
        for (const r of replicas) r.engine.apply(batch);
      }
    };
    apply(0, half);
    const nats = await startNats();
    const nc = await connect({ servers: nats.url });
    const services = serveLiveReplicas(nc, replicas, shards);
    // Every request the shards get, by subject; the rest of the log lands in three parts on the
    // question's first counts, rankings and descriptions.
    const seen: string[] = [];
    const thirds = [half, half + 120, half + 240, events.length];
    const landed: string[] = [];
    let straddle = false;
    const spy = nc.subscribe(`${DEFAULT_PREFIX}.>`, {
      callback: (_error, msg) => {
        seen.push(msg.subject);
        const op = msg.subject.split('.').at(-1)!;
        const at = ['lookalikeCount', 'lookalikeRank', 'lookalikeDescribe'].indexOf(op);
        if (straddle && at >= 0 && !landed.includes(op)) {
          landed.push(op);
          apply(thirds[at]!, thirds[at + 1]!);
        }
      },
    });
    try {
      const sharded = await ShardedEngine.open({ nc, shards, timeoutMs: 10_000 });
      expect(sharded.shardInfo.every((i) => i.liveInsights)).toBe(true);
      const seed = seedOf(single);
      const expected = plain(single.lookalike!(seed));
      await nc.flush();
      seen.length = 0;
      straddle = true;
      expect(plain(await sharded.lookalike(seed))).toEqual(expected);
      await nc.flush();
      straddle = false;
      // Not vacuous: the log landed between the round trips and changed the answer.
      expect(landed).toEqual(['lookalikeCount', 'lookalikeRank', 'lookalikeDescribe']);
      expect(plain(single.lookalike!(seed))).not.toEqual(expected);
      expect(expected.ranked.length).toBeGreaterThanOrEqual(10);
      // The dictionary through each shard's queue group, every later round trip to one replica's
      // subject, the release last.
      for (let shard = 0; shard < shards; shard++) {
        const mine = seen.filter((s) => s.startsWith(`${DEFAULT_PREFIX}.${shard}.`));
        expect(mine[0]).toBe(`${DEFAULT_PREFIX}.${shard}.insightsDictionary`);
        const pinned = new Set(mine.slice(1).map((s) => s.split('.').slice(0, -1).join('.')));
        expect(pinned.size, mine.join(' ')).toBe(1);
        expect([...pinned][0]).toContain(`${DEFAULT_PREFIX}.${shard}.replica.`);
        const ops = mine.slice(1).map((s) => s.split('.').at(-1));
        expect(ops.slice(0, 4)).toEqual([
          'lookalikeKeys',
          'lookalikeCount',
          'lookalikePopulation',
          'lookalikeRank',
        ]);
        expect(ops.at(-1)).toBe('questionFinish');
      }
      // Every replica released its question.
      expect(replicas.map((r) => r.held.size)).toEqual(replicas.map(() => 0));
      // Later lookalikes read the version now: a country, no evaluation, and a seed in any order.
      const now = seedOf(single);
      for (const options of CASES) {
        expect(plain(await sharded.lookalike([...now].reverse(), options)), JSON.stringify(options)).toEqual(
          plain(single.lookalike!(now, options)),
        );
      }
      // Some sample was said to follow two accounts together (the joint round trip counted it).
      const reasons = CASES.flatMap((o) => single.lookalike!(now, o).samples.flatMap((s) => s.reasons));
      expect(reasons.some((r) => r.also.length > 0)).toBe(true);
      // With one replica of each shard gone, the other answers.
      for (const s of services.filter((s) => s.name === 'a')) await s.service.close();
      expect(plain(await sharded.lookalike(now, CASES[1]))).toEqual(plain(single.lookalike!(now, CASES[1])));
      await nc.flush();
      expect(replicas.map((r) => r.held.size)).toEqual(replicas.map(() => 0));
    } finally {
      spy.unsubscribe();
      for (const s of services) await s.service.close();
      await nc.close();
      await nats.stop();
    }
  }, 60_000);
});
