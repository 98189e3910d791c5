import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AckPolicy, DeliverPolicy, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { SANDBOX_DEV_CREDENTIALS } from '@murmur/core/dev-credentials';
import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';
import type { AudienceInsights } from '@murmur/core/insights';
import { createLiveEngine, type FieldCounts, type LiveAudienceEngine, type Lookalike } from '@murmur/engine';
import {
  JetStreamLiveLog,
  removeLiveShardSnapshots,
  replicaDurableName,
  ShardedEngine,
  startReplica,
  startReplicas,
  type ShardReplica,
} from '@murmur/engine-cluster';
import { createSandboxPlugin, exportChunks, generateNetwork, type Network } from '@murmur/sandbox';
import { benchPackages, type BenchPackage } from '../../../../bench/engine/packages';
import { createCollector, type Collector } from './collector';
import { streamSpecs } from './stream-specs';
import { engineFromExport, holdClock, liveMix } from '../test/live-exactness';

/**
 * The live path's exactness proof for the sharded engine (docs/LIVE.md "The collector process and shard
 * replicas", "Proven"), and its crash rounds of a replica: the sandbox's streams (fast clock) →
 * collector → the JetStream live log → 3 shards × 2 replicas (shard-main.ts processes with
 * --live-partitions, live shards built from the export taken when the streams opened) → the sharded
 * engine on NATS. Every replica writes its live snapshot (with its log position) every 3 s; replicas
 * are killed with SIGKILL mid-ingest, after a snapshot and after applying events past it, and
 * restarted: each loads a snapshot and replays only the log after its position (the events it applies
 * are counted against the log). At a held instant, the 200 packages of bench:engine's mix and the
 * member-panel counts equal an index built from scratch from the sandbox's export at that instant,
 * and every insights panel (a fifth of the live mix) and a lookalike equal a live engine that applied
 * the log in its sequence order — with both replicas of each shard, then with only the ones that were
 * killed.
 * LIVE_CRASH_ROUNDS sets the rounds (default 2; `LIVE_CRASH_ROUNDS=5`: the full proof's five rounds).
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const nc: NatsConnection | null = await connect({ servers: NATS_URL, timeout: 2000 }).catch(() => null);
const jetstream = nc
  ? await jetstreamManager(nc).then(
      () => true,
      () => false,
    )
  : false;
if (!jetstream) console.warn(`live-shards.test.ts: skipped, no NATS with JetStream at ${NATS_URL}`);

const SHARDS = 3;
const PARTITIONS = 3;
/** Kill -9 rounds: 2 in the suite (each restart rebuilds a replica), 5 for the full proof (docs/LIVE.md). */
const ROUNDS = Number(process.env.LIVE_CRASH_ROUNDS ?? 2);
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Field counts with each field's values in value order (term numbers, and so orders, differ). */
const byValue = (counts: FieldCounts) => ({
  ...counts,
  fields: Object.fromEntries(
    Object.entries(counts.fields).map(([f, values]) => [
      f,
      [...values].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
    ]),
  ),
});

/** What the test is waiting for: named when it runs out of time (a CI failure says where it stopped). */
let phase = 'starting';
async function until(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  phase = `waiting for ${what}`;
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!jetstream)(`the live log followed by ${SHARDS} shards × 2 replicas`, () => {
  const id = `${process.pid}_${Date.now()}`;
  const stream = `MURMUR_LIVE_TEST_SHARDS_${id}`;
  const prefix = `murmur.test.${id}.engine`;
  let dir: string;
  let network: Network;
  let sandbox: FastifyInstance;
  let sandboxUrl: string;
  let log: JetStreamLiveLog;
  let collector: Collector;
  let cluster: { replicas: ShardReplica[]; stop(): Promise<void> } | undefined;
  const restarted: ShardReplica[] = [];
  const options = () => ({
    exportFile: join(dir, 'export.ndjson'),
    natsUrl: NATS_URL,
    shards: SHARDS,
    prefix,
    livePartitions: PARTITIONS,
    liveStream: stream,
    liveSnapshotSeconds: 3,
    // A replica that hangs before serving fails the test with its stderr, inside the test's time.
    readyTimeoutMs: 100_000,
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'murmur-live-shards-'));
    network = generateNetwork({ accounts: 2000, seed: 'live-shards', historyDays: 2 });
    // Still until the streams are open: the export and the streams meet at one instant.
    const release = holdClock(network);
    sandbox = Fastify();
    // 20 simulated minutes a wall second: every kind of event streams within seconds.
    await sandbox.register(createSandboxPlugin({ network, clock: { speed: 1200, stepSeconds: 1 } }), {
      prefix: '/sandbox',
    });
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
    const out = createWriteStream(options().exportFile, { encoding: 'utf8' });
    for await (const chunk of exportChunks(network)) if (!out.write(chunk)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    log = await JetStreamLiveLog.open({
      nc: nc!,
      partitions: PARTITIONS,
      stream,
      subjectPrefix: `murmur.test.${id}.live`,
    });
    collector = createCollector({
      baseUrl: `${sandboxUrl}/sandbox/x/2/`,
      bearerToken: SANDBOX_DEV_CREDENTIALS.x.bearerToken,
      // Every partition X (and the sandbox) serves: a partition not connected is a share of the
      // posts and likes missed.
      streams: streamSpecs(20),
      sink: { append: async (events) => void (await log.append(events)) },
      log: quiet,
    });
    // The replicas index the export before events stream (six builds at once on a small machine
    // would starve the collector: the sandbox drops a slow reader, and at this clock speed X's 5
    // minutes of backfill are a quarter of a wall second); they replay the log from its start.
    cluster = await startReplicas({ ...options(), replicas: 2, concurrency: 3 });
    await collector.start();
    release();
  }, 120_000);

  afterAll(async () => {
    await collector?.stop();
    await cluster?.stop();
    await Promise.all(restarted.map((r) => stopped(r, 'SIGTERM')));
    await sandbox?.close();
    if (nc)
      for (let shard = 0; shard < SHARDS; shard++)
        await removeLiveShardSnapshots(nc, prefix, { shard, shards: SHARDS }).catch(() => undefined);
    await log?.destroy().catch(() => undefined);
    await nc?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const stopped = async (r: ShardReplica, signal: NodeJS.Signals) => {
    if (r.process.exitCode !== null || r.process.signalCode !== null) return;
    const exited = once(r.process, 'exit');
    r.process.kill(signal);
    await exited;
  };

  const lastSequences = () => Promise.all(Array.from({ length: PARTITIONS }, (_, p) => log.lastSequence(p)));
  const total = (position: Record<string, number> = {}) => Object.values(position).reduce((a, b) => a + b, 0);
  /** The log's events after `position` (per partition, the sequences above its own), counted by JetStream. */
  const eventsAfter = async (position: Record<string, number>): Promise<number> => {
    const jsm = await jetstreamManager(nc!);
    let count = 0;
    for (let p = 0; p < PARTITIONS; p++) {
      const consumer = await jsm.consumers.add(stream, {
        filter_subject: log.subject(p),
        ack_policy: AckPolicy.None,
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: (position[String(p)] ?? 0) + 1,
      });
      count += consumer.num_pending;
      await jsm.consumers.delete(stream, consumer.name);
    }
    return count;
  };
  /** Every replica's durable consumer has acknowledged (applied) the log's last event of each partition. */
  const caughtUp = async (replicas: readonly ShardReplica[]) => {
    const jsm = await jetstreamManager(nc!);
    const last = await lastSequences();
    for (const r of replicas) {
      const durable = replicaDurableName(r.shard, SHARDS, `${r.shard}.${r.replica}`);
      // One consumer of every partition, in the log's sequence order (followLive).
      const info = await jsm.consumers.info(stream, `${durable}-all`).catch(() => null);
      if ((info?.ack_floor.stream_seq ?? 0) < Math.max(...last)) return false;
    }
    return true;
  };
  /** The clock held, the collector has appended what it read and the replicas applied it all. */
  const settle = async (replicas: readonly ShardReplica[]) => {
    let previous = '';
    await until(async () => {
      const now = JSON.stringify(await lastSequences());
      const same = now === previous;
      previous = now;
      if (!same) await new Promise((resolve) => setTimeout(resolve, 600));
      return same;
    }, 'the collector to append what it read');
    await until(() => caughtUp(replicas), 'every replica to apply the whole log');
  };

  let reference: LiveAudienceEngine;
  let mix: BenchPackage[];
  const differences = async (sharded: ShardedEngine): Promise<string[]> => {
    const differ: string[] = [];
    const answers = await Promise.all(mix.map((p) => sharded.estimate(p)));
    answers.forEach((got, i) => {
      const p = mix[i]!;
      const want = reference.estimate(p.pkg, { exclusions: p.exclusions });
      if (JSON.stringify(got) !== JSON.stringify(want))
        differ.push(`${p.name}: sharded ${JSON.stringify(got)} vs export ${JSON.stringify(want)}`);
    });
    for (const p of mix.filter((_, i) => i % 8 === 0)) {
      const want = reference.fieldCounts(reference.evaluate(p.pkg, { exclusions: p.exclusions }));
      const got = await sharded.fieldCounts(p);
      const [g, w] = [byValue(got), byValue(want)];
      if (JSON.stringify(g) === JSON.stringify(w)) continue;
      // Which values differ (the whole answer is long).
      const entries = (c: FieldCounts) =>
        new Set(Object.entries(c.fields).flatMap(([f, vs]) => vs.map((v) => `${f}:${JSON.stringify(v)}`)));
      const [ge, we] = [entries(g), entries(w)];
      differ.push(
        `${p.name}: member-panel counts ${g.members}/${g.population} vs export ${w.members}/${w.population}: ` +
          `only sharded ${[...ge].filter((e) => !we.has(e)).join(' ')}; only export ${[...we].filter((e) => !ge.has(e)).join(' ')}`,
      );
    }
    return differ;
  };

  /**
   * A live engine from the export the shards were built from that applied the whole log in its
   * sequence order: what live shards' insights equal (docs/LIVE.md, "Insights on live shards").
   */
  const inSequence = async (): Promise<{ engine: LiveAudienceEngine; bornLive: number }> => {
    const engine = await createLiveEngine(createReadStream(options().exportFile, 'utf8'));
    const exported = engine.liveState().nextAccount;
    const last = Math.max(...(await lastSequences()));
    const reader = await log.orderedReader(`reference_${id}`, 0);
    try {
      for (let seq = 0; seq < last;) {
        const got = await reader.next(500, 2000);
        if (got.length === 0) throw new Error(`the log ended at ${seq}, before ${last}`);
        engine.apply(got.map((g) => g.event));
        seq = got.at(-1)!.seq;
        // (JetStream stops delivering past 1 000 messages not acknowledged.)
        await reader.ack(seq);
      }
    } finally {
      await reader.close();
    }
    return { engine, bornLive: engine.liveState().nextAccount - exported };
  };
  /** Every insights panel but the sample accounts (drawn in proportion), without the timing. */
  const counted = (i: AudienceInsights) => {
    const { ms: _ms, sampleAccounts: _sample, ...rest } = i;
    return rest;
  };
  const insightsDiffer = async (sharded: ShardedEngine, single: LiveAudienceEngine): Promise<string[]> => {
    const differ: string[] = [];
    for (const p of liveMix(single).filter((_, i) => i % 5 === 0)) {
      const want = counted(single.insights(single.evaluate(p)));
      const got = counted(await sharded.insights({ pkg: p }));
      for (const panel of Object.keys(want) as (keyof typeof want)[])
        if (JSON.stringify(got[panel]) !== JSON.stringify(want[panel]))
          differ.push(`${JSON.stringify(p)}: ${panel}`);
    }
    return differ;
  };

  /**
   * A lookalike of the first live-mix audience of 30 to 500 members through the shards against the
   * one of a live engine that applied the log in its sequence order (docs/LIVE.md "Lookalikes on live
   * shards"): the parts that differ.
   */
  const lookalikeDiffers = async (sharded: ShardedEngine, single: LiveAudienceEngine): Promise<string[]> => {
    const size = (p: TargetingPackage) => single.estimate(p).sampleCount;
    const audience = liveMix(single).find((p) => size(p) >= 30 && size(p) <= 500)!;
    const seed = Array.from(single.evaluate(audience).accounts.toArray());
    const want = single.lookalike!(seed);
    expect(want.ranked.length).toBeGreaterThan(0);
    const got = await sharded.lookalike(seed);
    return (Object.keys(want) as (keyof Lookalike)[])
      .filter((k) => k !== 'ms')
      .filter((k) => JSON.stringify(ranked(got[k])) !== JSON.stringify(ranked(want[k])))
      .map((k) => `lookalike of ${JSON.stringify(audience)}: ${k}`);
  };
  const ranked = (v: unknown) => (v instanceof Uint32Array ? Array.from(v) : v);

  it(`after simulated hours and ${ROUNDS} kill -9 rounds of a replica, the shards answer as the export at that instant`, async () => {
    // Fails before vitest's own timeout, naming the step it was in.
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`stopped ${phase} after 230 s`)), 230_000);
    });
    try {
      await Promise.race([proof(), stuck]);
    } finally {
      clearTimeout(timer);
    }
  }, 240_000);

  const proof = async () => {
    const live = cluster!.replicas;
    const startedAt = network.clock.now;
    // Each round kills replica 0 of one shard mid-ingest (events keep streaming), after it wrote a
    // snapshot and applied events past it, and restarts it: it loads a snapshot (its own, or its
    // sibling's when that one is further along) and resumes after that snapshot's position.
    const resumed = new Map<ShardReplica, Record<string, number>>();
    for (let round = 0; round < ROUNDS; round++) {
      const shard = round % SHARDS;
      const at = live.findIndex((r) => r.shard === shard && r.replica === 0);
      const victim = live[at]!;
      await until(
        () => Promise.resolve(total(victim.snapshots.at(-1)?.position) > 0),
        `a snapshot of replica ${shard}.0 in round ${round + 1}`,
      );
      const snapshot = total(victim.snapshots.at(-1)!.position);
      await until(
        () => Promise.resolve(total(victim.live?.position) > snapshot + 20),
        `replica ${shard}.0 to apply events past its snapshot in round ${round + 1}`,
      );
      phase = `killing replica ${shard}.0 in round ${round + 1}`;
      await stopped(victim, 'SIGKILL');
      phase = `restarting replica ${shard}.0 in round ${round + 1}`;
      live[at] = await startReplica(options(), shard, 0);
      restarted.push(live[at]);
      expect(live[at].ready.from).toBe('snapshot');
      expect(total(live[at].ready.position)).toBeGreaterThanOrEqual(snapshot);
      resumed.delete(victim);
      resumed.set(live[at], live[at].ready.position!);
    }
    // At least three simulated hours of events (at least 2 wall seconds after the last restart).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await until(() => Promise.resolve(network.clock.now - startedAt > 3 * 3600), 'three simulated hours');
    // On a loaded machine the collector trails the simulated clock: wait for the log, not the clock.
    await until(
      async () => (await lastSequences()).reduce((a, b) => Math.max(a, b), 0) > 200,
      'at least 200 events in a partition of the log',
    );
    const release = holdClock(network);
    let sharded: ShardedEngine | undefined;
    try {
      await settle(live);
      phase = 'building the reference from the export';
      reference = await engineFromExport(sandboxUrl);
      // bench:engine's 200 packages, but those its vocabulary cannot fill at this size (its keywords
      // need 6 000 accounts), and the live mix of live-path.test.ts.
      const valid = (p: TargetingPackage) => targetingPackageSchema.safeParse(p).success;
      mix = [
        ...benchPackages(reference.index).filter((p) => valid(p.pkg) && p.exclusions.every(valid)),
        ...liveMix(reference).map((p, i) => ({ name: `live ${i}`, pkg: p, exclusions: [] })),
      ];
      expect(mix.length).toBeGreaterThan(150);
      const stored = (await lastSequences()).reduce((a, b) => Math.max(a, b), 0);
      expect(stored).toBeGreaterThan(200);

      phase = 'asking the shards';
      sharded = await ShardedEngine.open({ nc: nc!, shards: SHARDS, prefix, timeoutMs: 5000 });
      expect(sharded.accounts).toBe(reference.stats.accounts);
      // Both replicas of each shard answer (the queue group picks one per question).
      expect(await differences(sharded)).toEqual([]);
      // Insights, panel by panel, as one engine that applied the log in its sequence order.
      phase = 'applying the log in sequence';
      const { engine: single, bornLive } = await inSequence();
      phase = 'comparing insights and lookalikes';
      expect(await insightsDiffer(sharded, single)).toEqual([]);
      expect(await lookalikeDiffers(sharded, single)).toEqual([]);
      // Not vacuous: accounts were born live, which every replica must number alike.
      expect(bornLive).toBeGreaterThan(0);
      // Only the replicas that were killed and restarted: nothing lost, nothing applied twice.
      phase = 'asking only the restarted replicas';
      const killed = new Set(restarted.map((r) => r.shard));
      await Promise.all(
        live.filter((r) => r.replica === 1 && killed.has(r.shard)).map((r) => stopped(r, 'SIGTERM')),
      );
      expect(await differences(sharded)).toEqual([]);
      expect(await insightsDiffer(sharded, single)).toEqual([]);
      expect(await lookalikeDiffers(sharded, single)).toEqual([]);
      // Not a mix of empty answers.
      const reached = mix.filter(
        (p) => reference.estimate(p.pkg, { exclusions: p.exclusions }).sampleCount > 0,
      );
      expect(reached.length).toBeGreaterThan(100);
      // Each restarted replica applied exactly the log's events after its snapshot's position (it
      // reports what it applied since it started, at most a second late), and not the whole log.
      const last = await lastSequences();
      for (const [r, position] of resumed) {
        await until(
          () => Promise.resolve(last.every((seq, p) => (r.live?.position[String(p)] ?? 0) === seq)),
          `replica ${r.shard}.${r.replica} to report its position`,
          10_000,
        );
        const after = await eventsAfter(position);
        expect(r.live!.applied, `replica ${r.shard}.${r.replica}`).toBe(after);
        expect(after).toBeLessThan(await eventsAfter({}));
      }
    } finally {
      release();
    }
  };
});
