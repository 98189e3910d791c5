import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@murmur/core/live';
import { createLiveEngine, mergeEstimates } from '@murmur/engine';
import { baseModel, pkg, randomEvents, seededRandom } from '@murmur/engine/testing';
import { JetStreamLiveLog } from './jetstream-log';
import {
  openLiveShard,
  removeLiveShardSnapshots,
  writeLiveShardSnapshots,
  type LiveShardSource,
  type OpenedLiveShard,
} from './live-shard-snapshots';
import { followLive, isLiveEngine, replicaDurableName } from './replica-live';
import { partitionOfEvent } from './live-log';
import { AppliedFile } from './testing/applied-file';
import { keysByPartition, likes } from './testing/events';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const nc: NatsConnection | null = await connect({ servers: NATS_URL, timeout: 2000 }).catch(() => null);
if (!nc) console.warn(`replica-live.test.ts: NATS tests skipped, no NATS at ${NATS_URL}`);
afterAll(async () => nc?.close());

const CHILD = fileURLToPath(new URL('./testing/crash-replica.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'murmur-replica-live-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a shard replica following the live log', () => {
  it('names its durable consumer by shard and replica, as JetStream allows', () => {
    expect(replicaDurableName(2, 4, '2.1')).toBe('murmur-shard-2-of-4-r2_1');
    expect(isLiveEngine({})).toBe(false);
    expect(isLiveEngine({ apply: () => undefined, position: () => ({}) })).toBe(true);
  });

  it.skipIf(!nc)(
    'refuses an engine that cannot apply events, and otherwise consumes every partition',
    async () => {
      const stream = `MURMUR_LIVE_TEST_REPLICA_${process.pid}_${Date.now()}`;
      const log = await JetStreamLiveLog.open({
        nc: nc!,
        partitions: 4,
        stream,
        subjectPrefix: `murmur.test.${stream}`,
      });
      try {
        await expect(
          followLive(nc!, {}, { partitions: 4, shard: 0, shards: 2, replica: '0.0', stream }),
        ).rejects.toThrow(/does not apply live events/);
        const keys: string[] = [];
        const at: Record<string, number> = {};
        const engine = {
          apply(events: readonly LiveEvent[], position: Record<string, number>) {
            keys.push(...events.map((e) => e.key));
            Object.assign(at, position);
          },
          position: () => ({ ...at }),
        };
        // followLive names only the stream: it finds the subjects the stream was made with.
        await log.append(likes(80));
        const consumer = await followLive(nc!, engine, {
          partitions: 4,
          shard: 1,
          shards: 2,
          replica: '1.0',
          stream,
        });
        const end = Date.now() + 5000;
        while (keys.length < 80 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
        await consumer.stop();
        expect(new Set(keys)).toEqual(new Set(likes(80).map((e) => e.key)));
        expect(Object.keys(at).sort()).toEqual(['0', '1', '2', '3']);
      } finally {
        await log.destroy();
      }
    },
  );
});

describe.skipIf(!nc)('a shard replica killed with SIGKILL', () => {
  const ROUNDS = 5;
  it(`applies every event once, in each partition's order, across ${ROUNDS} kill -9 rounds`, async () => {
    const stream = `MURMUR_LIVE_TEST_REPLICA_KILL_${process.pid}_${Date.now()}`;
    const log = await JetStreamLiveLog.open({
      nc: nc!,
      partitions: 3,
      stream,
      subjectPrefix: `murmur.test.${stream}`,
    });
    const file = join(dir, 'replica-applied.ndjson');
    const start = (): ChildProcess => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', CHILD, NATS_URL, stream, '3', '1', '3', '1.0', file, '15'],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      return child;
    };
    const kill = async (child: ChildProcess) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    };
    const applied = () => new AppliedFile(file).keys.length;
    let appended = 200;
    await log.append(likes(appended));
    let child: ChildProcess | undefined;
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        const before = applied();
        child = start();
        // Killed mid-stream: after it applied a few batches of 20, usually in the middle of one.
        await until(() => applied() >= Math.min(before + 30, appended), 20_000, `round ${round}'s batches`);
        await kill(child);
        // Appended while no replica runs.
        await log.append(likes(60, appended));
        appended += 60;
      }
      child = start();
      // And while the last one runs.
      await log.append(likes(40, appended));
      appended += 40;
      await until(() => applied() >= appended, 20_000, 'the last replica to catch up');
      // Nothing more comes after a while (nothing applied twice late).
      await new Promise((resolve) => setTimeout(resolve, 500));
      await kill(child);
      const all = likes(appended);
      const kept = new AppliedFile(file);
      expect(kept.keys).toHaveLength(appended);
      expect(new Set(kept.keys)).toEqual(new Set(all.map((e) => e.key)));
      for (const [p, keys] of keysByPartition(all, (e) => partitionOfEvent(e, 3))) {
        const inPartition = new Set(keys);
        expect(kept.keys.filter((k) => inPartition.has(k))).toEqual(keys);
        expect(kept.position()[String(p)]).toBe(await log.lastSequence(p));
      }
    } finally {
      if (child) await kill(child);
      await log.destroy();
    }
  }, 180_000);
});

describe.skipIf(!nc)('a live shard replica restarted from its snapshot', () => {
  const PACKAGES = [
    pkg({ keywords: [{ label: 'coffee' }] }),
    pkg({ hashtags: [{ label: '#jazz' }] }),
    pkg({ locations: [{ label: 'Chiba, JP' }] }),
    pkg({ languages: [{ label: 'Japanese' }], keywords: [{ label: 'manga' }] }),
    pkg({ interests: [{ label: 'Science' }], gender: ['FEMALE'] }),
  ];

  it('loads the snapshot furthest along the log and applies only the events after its position, exactly', async () => {
    const id = `${process.pid}_${Date.now()}`;
    const stream = `MURMUR_LIVE_TEST_SNAPSHOT_${id}`;
    const prefix = `murmur.test.${id}.engine`;
    // One partition: the model's order is the log's, so the export after the events is exact.
    let log = await JetStreamLiveLog.open({
      nc: nc!,
      partitions: 1,
      stream,
      subjectPrefix: `murmur.test.${stream}`,
    });
    const rand = seededRandom(7);
    const m = baseModel(rand, 80, 120);
    const exportFile = join(dir, 'snapshot-export.ndjson');
    writeFileSync(exportFile, m.lines().join(''));
    // Accounts born live, posts, likes, follows, deletions, suspensions, restores and replays.
    const events = randomEvents(m, rand, 600);
    const source = (shard: number, replica: string): LiveShardSource => ({
      exportFile,
      shard,
      shards: 2,
      prefix,
      replica,
    });
    const consumers: { stop(): Promise<void> }[] = [];
    const follow = async (opened: OpenedLiveShard, applied = { events: 0 }) => {
      const { shard, shards } = opened.engine.shard;
      const consumer = await followLive(nc!, opened.engine, {
        partitions: 1,
        shard,
        shards,
        replica: `${shard}.0`,
        log,
        batch: 50,
        waitMs: 100,
        onApplied: (batch) => (applied.events += batch.events),
      });
      consumers.push(consumer);
      return consumer;
    };
    const caughtUp = async (...opened: OpenedLiveShard[]) => {
      const last = await log.lastSequence(0);
      await until(
        () => opened.every((o) => o.engine.position()['0'] === last),
        20_000,
        'the shards to catch up',
      );
    };
    try {
      const shard0 = await openLiveShard(source(0, '0.0'), nc!, log);
      const shard1 = await openLiveShard(source(1, '1.0'), nc!, log);
      expect([shard0.from, shard1.from]).toEqual(['export', 'export']);
      await follow(shard0);
      const beforeKill = await follow(shard1);
      await log.append(events.slice(0, 250));
      await caughtUp(shard0, shard1);

      const snapshots = writeLiveShardSnapshots(nc!, shard1.engine, {
        source: source(1, '1.0'),
        fingerprint: shard1.fingerprint,
        stored: {},
        everyMs: 0,
        onProblem: (message) => console.error(message),
      });
      const written = await snapshots.write();
      const at = await log.lastSequence(0);
      expect(written?.position).toEqual({ '0': at });
      // Nothing applied since: nothing written.
      expect(await snapshots.write()).toBeUndefined();
      // Applied and acknowledged past the snapshot, then gone: its durable consumer stands after
      // the snapshot's position, and what it applied since is lost with it.
      await log.append(events.slice(250, 400));
      await caughtUp(shard1);
      await beforeKill.stop();
      await log.append(events.slice(400));

      const restarted = await openLiveShard(source(1, '1.0'), nc!, log);
      expect(restarted.from).toBe('snapshot');
      expect(restarted.location?.replica).toBe('1.0');
      expect(restarted.engine.position()).toEqual({ '0': at });
      const applied = { events: 0 };
      await follow(restarted, applied);
      await caughtUp(shard0, restarted);
      const last = await log.lastSequence(0);
      expect(at).toBeGreaterThan(0);
      // One subject in the stream: its sequences are dense, so last − at events came after.
      expect(applied.events).toBe(last - at);

      // The shards answer as a live engine built from the export of the network after every event.
      const reference = await createLiveEngine(m.lines());
      expect(shard0.engine.stats.accounts + restarted.engine.stats.accounts).toBe(reference.stats.accounts);
      for (const p of PACKAGES) {
        const merged = mergeEstimates(
          [shard0.engine.estimate(p), restarted.engine.estimate(p)],
          reference.scale,
        );
        expect(merged, JSON.stringify(p)).toEqual(reference.estimate(p));
      }
      expect(reference.estimate(PACKAGES[0]!).sampleCount).toBeGreaterThan(0);

      // Another replica of the shard starts from that snapshot too; shard 0 has none.
      expect((await openLiveShard(source(1, '1.1'), nc!, log)).from).toBe('snapshot');
      expect((await openLiveShard(source(0, '0.1'), nc!, log)).from).toBe('export');

      // A stream made again under the same name: its sequences are not the snapshot's.
      await Promise.all(consumers.map((c) => c.stop()));
      consumers.length = 0;
      await log.destroy();
      log = await JetStreamLiveLog.open({
        nc: nc!,
        partitions: 1,
        stream,
        subjectPrefix: `murmur.test.${stream}`,
      });
      const anew = await openLiveShard(source(1, '1.0'), nc!, log);
      expect(anew.from).toBe('export');
      expect(anew.refused.join('\n')).toMatch(/refused \(it was built from .* created/);
    } finally {
      await Promise.all(consumers.map((c) => c.stop()));
      await removeLiveShardSnapshots(nc!, prefix, { shard: 1, shards: 2 });
      await log.destroy().catch(() => undefined);
    }
  }, 120_000);
});
