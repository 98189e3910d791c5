import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AudienceInsights } from '@murmur/core/insights';
import type { LiveEvent } from '@murmur/core/live';
import { connect } from '@nats-io/transport-node';
import {
  createLiveEngine,
  createLiveShardEngine,
  LiveShardQuestions,
  readLiveShardSnapshot,
  writeLiveShardSnapshot,
  type LiveShardEngine,
  type Lookalike,
} from '@murmur/engine';
import { JetStreamLiveLog } from '../live/jetstream-log';
import { partitionOfEvent } from '../live/live-log';
import { followLive } from '../live/replica-live';
import { consumerStatus } from '../live/shard-live-status';
import type { LiveConsumer } from '../live/consume-live';
import { baseModel, pkg, randomEvents, seededRandom } from '@murmur/engine/testing';
import { startNats } from './nats-server';
import { serveShard } from './shard-service';
import { serveLiveReplicas } from './live-replicas-kit';
import { ShardedEngine } from './sharded-engine';
import { DEFAULT_PREFIX } from './protocol';

/** The panels that are counts (everything but the sample accounts), without the timing. */
const counted = (i: AudienceInsights) => {
  const { ms: _ms, sampleAccounts: _sample, ...rest } = i;
  return rest;
};

/** A lookalike without its timing, as plain data. */
const plain = (l: Lookalike) => ({ ...l, ms: 0, ranked: Array.from(l.ranked) });

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
    const services = serveLiveReplicas(nc, replicas, shards);
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
      // Against a chosen baseline, counted in the same question at the same pinned version.
      const [audience, baseline] = [PACKAGES[1]!, PACKAGES[0]!];
      const against = single.evaluate(baseline).accounts;
      const expectedAgainst = counted(single.insights(single.evaluate(audience), undefined, against));
      expect(counted(await sharded.insights({ pkg: audience }, undefined, { pkg: baseline }))).toEqual(
        expectedAgainst,
      );
      expect(expectedAgainst).not.toEqual(counted(single.insights(single.evaluate(audience))));
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

  it('over a JetStream log of 3 partitions, 3 shards × 2 replicas following it (other batches, one restarted from its snapshot) equal the single engine that applied the log in sequence order, lookalikes too', async () => {
    const rand = seededRandom(46);
    const m = baseModel(rand, 90, 140);
    const exported = m.lines();
    const events = randomEvents(m, rand, 900);
    const shards = 3;
    const partitions = 3;
    const nats = await startNats({ jetstream: true });
    const nc = await connect({ servers: nats.url });
    const dir = mkdtempSync(join(tmpdir(), 'murmur-shard-live-insights-'));
    const log = await JetStreamLiveLog.open({ nc, partitions, stream: 'MURMUR_LIVE_TEST_INSIGHTS' });
    interface Replica {
      shard: number;
      name: string;
      engine: LiveShardEngine;
      /** Events its consumer gave it. */
      applied: number;
      consumer: LiveConsumer;
      service: ReturnType<typeof serveShard>;
    }
    const replicas: Replica[] = [];
    const start = async (shard: number, name: string, batch: number, engine: LiveShardEngine) => {
      const replica = { shard, name, engine, applied: 0 } as Replica;
      const counting = {
        apply: (batch: readonly LiveEvent[], position: Record<string, number>) => {
          replica.applied += batch.length;
          engine.apply(batch, position);
        },
        position: () => engine.position(),
      };
      replica.consumer = await followLive(nc, counting, {
        partitions,
        shard,
        shards,
        replica: name,
        log,
        batch,
        waitMs: 50,
      });
      const liveInsights = new LiveShardQuestions(engine);
      replica.service = serveShard({
        nc,
        engine,
        shard,
        shards,
        replica: name,
        liveInsights,
        liveStatus: consumerStatus(replica.consumer),
      });
      replicas.push(replica);
      return replica;
    };
    /** Every replica running has applied the whole log as appended so far. */
    const caughtUp = async () => {
      const last = await Promise.all(Array.from({ length: partitions }, (_, p) => log.lastSequence(p)));
      const end = Date.now() + 20_000;
      while (!replicas.every((r) => last.every((seq, p) => (r.engine.position()[String(p)] ?? 0) >= seq))) {
        if (Date.now() > end) throw new Error('timed out waiting for the replicas to apply the log');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      // A third of the log before the replicas start, the rest while they follow it, in appends that
      // their batches (500 and 7 events) cut at other places.
      await log.append(events.slice(0, 300));
      for (let shard = 0; shard < shards; shard++) {
        await start(shard, 'a', 500, await createLiveShardEngine(exported, { shard, shards }));
        await start(shard, 'b', 7, await createLiveShardEngine(exported, { shard, shards }));
      }
      for (let i = 300; i < 600; i += 60) await log.append(events.slice(i, i + 60));
      await caughtUp();
      // Replica b of shard 1 stops, writes its snapshot, misses the rest of the log, and comes back
      // from the snapshot: its consumer resumes after the snapshot's position.
      const gone = replicas.findIndex((r) => r.shard === 1 && r.name === 'b');
      const stopped = replicas.splice(gone, 1)[0]!;
      await stopped.consumer.stop();
      await stopped.service.close();
      const file = join(dir, 'shard-1-b.snapshot');
      writeLiveShardSnapshot(stopped.engine, file, 'log');
      for (let i = 600; i < events.length; i += 60) await log.append(events.slice(i, i + 60));
      const restored = readLiveShardSnapshot(file, { shard: 1, shards }, 'log');
      const position = restored.position();
      expect(Object.keys(position)).toHaveLength(partitions);
      const back = await start(1, 'b', 7, restored);
      await caughtUp();
      // The restarted replica applied the events after its snapshot's position (each partition's
      // own), not the whole log.
      // (JetStream stores an event's key once: the log's sequence k + 1 is the k-th distinct key.)
      const stored = events.filter((e, i) => events.findIndex((f) => f.key === e.key) === i);
      const after = stored.filter((e, k) => k + 1 > (position[String(partitionOfEvent(e, partitions))] ?? 0));
      expect(after.length).toBeLessThan(stored.length);
      expect(back.applied).toBe(after.length);

      // The reference: one live engine that applied the log in its sequence order (the appends' order).
      const single = await createLiveEngine(exported);
      single.apply(events);
      const sharded = await ShardedEngine.open({ nc, shards });
      expect(sharded.shardInfo.every((i) => i.liveInsights)).toBe(true);
      // Where the shards stand on the log (what the API's census follows): every partition applied,
      // up to the time of its latest event.
      const latest = Array.from({ length: partitions }, (_, p) =>
        Math.max(...events.filter((e) => partitionOfEvent(e, partitions) === p).map((e) => e.at)),
      );
      const sequences = await Promise.all(Array.from({ length: partitions }, (_, p) => log.lastSequence(p)));
      expect(await sharded.liveStatus()).toEqual({
        partitions: latest.map((at, partition) => ({
          partition,
          lagEvents: 0,
          lastEventAt: at,
          behindMs: 0,
          appliedSeq: sequences[partition],
        })),
      });
      for (const p of PACKAGES) {
        expect(counted(await sharded.insights({ pkg: p })), JSON.stringify(p)).toEqual(
          counted(single.insights(single.evaluate(p))),
        );
      }
      // A lookalike too (shard-live-lookalike.test.ts tests it further).
      const seed = Array.from(single.evaluate(pkg({ hashtags: [{ label: 'jazz' }] })).accounts.toArray());
      const lookalike = plain(single.lookalike!(seed));
      expect(lookalike.ranked.length).toBeGreaterThan(0);
      expect(plain(await sharded.lookalike(seed))).toEqual(lookalike);
      // Only the b replicas (batches of 7, the restarted one among them).
      for (const r of replicas.filter((r) => r.name === 'a')) await r.service.close();
      for (const p of PACKAGES) {
        expect(counted(await sharded.insights({ pkg: p })), JSON.stringify(p)).toEqual(
          counted(single.insights(single.evaluate(p))),
        );
      }
      expect(plain(await sharded.lookalike(seed))).toEqual(lookalike);
    } finally {
      for (const r of replicas) {
        await r.consumer.stop();
        await r.service.close();
      }
      await log.destroy();
      await nc.close();
      await nats.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuse insights with the reason a replica gives', async () => {
    const m = baseModel(seededRandom(45), 30, 40);
    const nats = await startNats();
    const nc = await connect({ servers: nats.url });
    const reason = 'this replica keeps no term order';
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
