import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import { engineStatusSchema, type EngineStatus } from '@murmur/core/api';
import {
  createLiveEngine,
  createLiveShardEngine,
  ShardOpUnsupportedError,
  type LiveShardEngine,
  type ShardOp,
} from '@murmur/engine';
import {
  consumeLive,
  consumerStatus,
  followLive,
  JetStreamLiveLog,
  partitionOfEvent,
  serveShard,
  ShardedEngine,
  type LiveConsumer,
} from '@murmur/engine-cluster';
import type { LiveEvent } from '@murmur/core/live';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { createInProcessQueue } from '../jobs/in-process-queue';
import { createSearchCounter } from '../lib/search-counter';
import { createCommunitiesService } from './communities/communities.service';
import { jobsRoutes } from './audiences/jobs.routes';
import { createTestClock } from '../test/test-clock';
import { natsWithJetStream } from '../test/shard-cluster-kit';
import { serverAsyncEngine, shardedServerEngine } from '../engine/engine-async';
import { readyEngine } from '../engine/engine-holder';
import { inProcessWork } from '../engine/engine-work';
import { engineLiveStatus } from '../engine/engine-live-status';
import type { LiveStatus } from '../engine/freshness';

// GET /api/engine/status/ over shards on the machine's NATS (docs/LIVE.md "Freshness over shards"):
// live shard replicas in this process follow a JetStream live log and answer the `liveStatus`
// operation; the API process's own engine follows the same log but is stopped part-way, so its
// position and the shards' differ. A rolling upgrade's replica of an older version (every operation
// but `liveStatus`) is told apart from a shard that is down, and the status and the communities fall
// back to the API's own position instead of failing.

const nc: NatsConnection | null = await natsWithJetStream('engine-status-shards.test.ts');

const SHARDS = 2;
const PARTITIONS = 2;

/** Every operation a replica of the version before `liveStatus` served. */
const OLD_OPS = [
  'estimate',
  'fieldCounts',
  'lookup',
  'ping',
  'overlapMany',
  'insightsDictionary',
  'insightsPartial',
  'insightsGraph',
  'insightsResolve',
  'insightsDescribe',
  'lookalikeCount',
  'lookalikePopulation',
  'lookalikeRank',
  'lookalikeDescribe',
  'lookalikeJoint',
  'censusCore',
  'communityCensus',
] as const satisfies readonly ShardOp[];

describe.skipIf(!nc)('the engine status over live shards on NATS', () => {
  const id = `${process.pid}_${Date.now()}`;
  const prefix = `murmur.test.${id}.status`;
  const closers: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await nc?.close();
  });

  it("reports what the shards applied, each shard's position, and falls back to the API's own when a shard is of an older version", async () => {
    const network = generateNetwork({ accounts: 1500, seed: 'engine-status-shards' });
    const exported = () => exportChunks(network);
    const events = newcomers(network.accounts.ids, Date.parse('2026-11-20T00:00:00Z'));
    const log = await JetStreamLiveLog.open({
      nc: nc!,
      partitions: PARTITIONS,
      stream: `MURMUR_STATUS_TEST_${id}`,
      subjectPrefix: `murmur.test.${id}.live`,
    });
    closers.push(() => log.destroy().catch(() => undefined));

    // The API process's own engine, following the log through its own consumer.
    const here = await createLiveEngine(exported());
    const own: { consumer?: LiveConsumer } = {};
    own.consumer = await consumeLive({
      log,
      engine: {
        apply: (batch, position) => void here.apply(batch, position),
        position: () => here.position(),
      },
      durableName: `api_${id}`,
      waitMs: 50,
    });
    const ownStatus = async (): Promise<LiveStatus | null> => {
      if (!own.consumer) return null;
      return {
        partitions: (await own.consumer.lag()).map((p) => ({
          partition: p.partition,
          lagEvents: p.behind,
          lastEventAt: p.lastEventAt,
          behindMs: p.behindMs,
          appliedSeq: p.applied,
        })),
      };
    };

    // One live replica per shard, following the log, answering `liveStatus` from its consumer.
    const replicas: { engine: LiveShardEngine; consumer: LiveConsumer; close(): Promise<void> }[] = [];
    for (let shard = 0; shard < SHARDS; shard++) {
      const engine = await createLiveShardEngine(exported(), { shard, shards: SHARDS });
      const consumer = await followLive(nc!, engine, {
        partitions: PARTITIONS,
        shard,
        shards: SHARDS,
        replica: `r${shard}`,
        log,
        waitMs: 50,
      });
      const service = serveShard({
        nc: nc!,
        engine,
        shard,
        shards: SHARDS,
        prefix,
        replica: `r${shard}`,
        liveStatus: consumerStatus(consumer),
      });
      const replica = {
        engine,
        consumer,
        close: async () => {
          await service.close();
          await consumer.stop();
        },
      };
      replicas.push(replica);
      closers.push(() => replica.close());
    }

    const sequences = () => Promise.all(Array.from({ length: PARTITIONS }, (_, p) => log.lastSequence(p)));
    const until = async (check: () => boolean | Promise<boolean>, what: string) => {
      const end = Date.now() + 30_000;
      while (!(await check())) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const applied = (position: Record<string, number>, last: number[]) =>
      last.every((seq, p) => (position[String(p)] ?? 0) >= seq);

    // The first half reaches every engine; then the API's own consumer stops, and the rest of the
    // log reaches only the shards.
    await log.append(events.slice(0, 200));
    const half = await sequences();
    await until(
      () => applied(here.position(), half) && replicas.every((r) => applied(r.engine.position(), half)),
      'the first half applied',
    );
    await own.consumer.stop();
    const stoppedStatus = await ownStatus();
    for (let i = 200; i < events.length; i += 50) await log.append(events.slice(i, i + 100));
    const last = await sequences();
    await until(
      () => replicas.every((r) => applied(r.engine.position(), last)),
      'the log applied by the shards',
    );

    const sharded = await ShardedEngine.open({ nc: nc!, shards: SHARDS, prefix, timeoutMs: 5000 });
    const work = inProcessWork(here);
    const holder = readyEngine(
      here,
      work,
      shardedServerEngine({ ...serverAsyncEngine(here, work), ...shardApi(sharded) }),
    );
    const warnings: unknown[][] = [];
    const log_ = { warn: (...args: unknown[]) => void warnings.push(args) };
    // Once stopped, the API's own consumer answers as it was when it stopped.
    const source = engineLiveStatus(holder, () => stoppedStatus, log_);
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(jobsRoutes, {
      engine: holder,
      jobs: createInProcessQueue(createTestClock()),
      live: source,
    });
    closers.push(() => app.close());
    const status = async (): Promise<EngineStatus> => {
      const res = await app.inject({ url: '/api/engine/status/' });
      expect(res.statusCode).toBe(200);
      return engineStatusSchema.parse(res.json());
    };

    // Every partition's latest event time, its last sequence: what each shard applied.
    const latest = Array.from({ length: PARTITIONS }, (_, p) =>
      Math.max(...events.filter((e) => partitionOfEvent(e, PARTITIONS) === p).map((e) => e.at)),
    );
    const caughtUp = latest.map((at, partition) => ({
      partition,
      lagEvents: 0,
      lastEventAt: at,
      behindMs: 0,
      appliedSeq: last[partition]!,
    }));
    const s = await status();
    expect(s.positionOf).toBe('shards');
    expect(s.freshness).toEqual({ state: 'live', behindMs: 0 });
    expect(s.partitions).toEqual(caughtUp);
    expect(s.shards).toEqual(
      Array.from({ length: SHARDS }, (_, shard) => ({
        shard,
        state: 'reporting',
        freshness: { state: 'live', behindMs: 0 },
        partitions: caughtUp,
        error: null,
      })),
    );
    // Not the API's own engine, which stopped half-way.
    expect(stoppedStatus!.partitions.map((p) => p.appliedSeq)).toEqual(half);
    expect(half).not.toEqual(last);

    // A rolling upgrade: shard 1's replica is replaced by one of the older version, which serves
    // every operation but `liveStatus`.
    await replicas[1]!.close();
    const old = oldReplica(nc!, prefix, 1, replicas[1]!.engine);
    closers.push(() => old.close());
    await expect(sharded.liveStatus()).rejects.toBeInstanceOf(ShardOpUnsupportedError);
    const fallback = await status();
    expect(fallback.positionOf).toBe('api');
    expect(fallback.partitions).toEqual(
      stoppedStatus!.partitions.map((p) => ({
        partition: p.partition,
        lagEvents: p.lagEvents,
        lastEventAt: p.lastEventAt,
        behindMs: p.behindMs,
        appliedSeq: p.appliedSeq,
      })),
    );
    expect(fallback.shards.map((x) => x.state)).toEqual(['reporting', 'unsupported']);
    expect(fallback.shards[0]!.partitions).toEqual(caughtUp);
    expect(fallback.shards[1]!.error).toMatch(/older version/);
    await status();
    // Warned once, not at every request.
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('unsupported');

    // The communities still answer (before: the shards' liveStatus failed them with a 503),
    // their census counted on the shards, the old replica included.
    const communities = createCommunitiesService({
      engine: holder,
      searches: createSearchCounter(() => []),
      clock: createTestClock(),
      liveStatus: source,
      log: log_,
    });
    const listed = await communities.list({ sort: 'most_searched', limit: 100 });
    expect(listed.results.length).toBeGreaterThan(0);

    // With no replica of shard 1 at all, it is unavailable — not taken for an older version.
    await old.close();
    const down = await status();
    expect(down.positionOf).toBe('api');
    expect(down.shards.map((x) => x.state)).toEqual(['reporting', 'unavailable']);
    expect(warnings).toHaveLength(2);
  }, 180_000);
});

/**
 * 100 new accounts, each following 3 of the network's, a second of X apart: 400 events, of every
 * partition.
 */
function newcomers(ids: BigUint64Array, from: number): LiveEvent[] {
  const events: LiveEvent[] = [];
  for (let i = 0; i < 100; i++) {
    const id = String(900_000_000 + i);
    const at = from + i * 1000;
    events.push({
      type: 'user',
      key: `u:${id}`,
      at,
      user: {
        id,
        handle: `newcomer${i}`,
        name: 'Newcomer',
        bio: '',
        location: '',
        created: new Date(at).toISOString(),
        protected: false,
        verified: false,
        followers: 0,
        following: 3,
        posts: 0,
      },
    });
    for (let k = 0; k < 3; k++) {
      const to = String(ids[(i * 7 + k * 131) % ids.length]);
      events.push({ type: 'follow', key: `f:${id}:${to}`, at, from: id, to });
    }
  }
  return events;
}

/** What the server's sharded engine adds to the API's engine (engine-holder.ts `openShards`). */
function shardApi(sharded: ShardedEngine) {
  return {
    kind: 'shards' as const,
    estimate: sharded.estimate.bind(sharded),
    fieldCounts: sharded.fieldCounts.bind(sharded),
    lookup: sharded.lookup.bind(sharded),
    communityCensus: sharded.communityCensus.bind(sharded),
    liveStatusByShard: sharded.liveStatusByShard.bind(sharded),
  };
}

/**
 * A replica of the version before `liveStatus`: it listens, in the shard's queue group, for every
 * operation that version served and no other; each request is answered by this version's service
 * (under a private prefix, replying straight to the asker, chunked replies included).
 */
function oldReplica(nc: NatsConnection, prefix: string, shard: number, engine: LiveShardEngine) {
  const hidden = `${prefix}_old`;
  const service = serveShard({ nc, engine, shard, shards: SHARDS, prefix: hidden, replica: 'old' });
  const subscriptions = OLD_OPS.map((op) =>
    nc.subscribe(`${prefix}.${shard}.${op}`, {
      queue: `${prefix}.${shard}`,
      callback: (_error, msg) =>
        nc.publish(`${hidden}.${shard}.${op}`, msg.data, {
          ...(msg.reply && { reply: msg.reply }),
          ...(msg.headers && { headers: msg.headers }),
        }),
    }),
  );
  let closed = false;
  return {
    close: async () => {
      if (closed) return;
      closed = true;
      for (const s of subscriptions) s.unsubscribe();
      await service.close();
    },
  };
}
