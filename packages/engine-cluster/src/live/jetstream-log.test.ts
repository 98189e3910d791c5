import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@murmur/core/live';
import { consumeLive, type LiveEngine } from './consume-live';
import { JetStreamLiveLog } from './jetstream-log';
import { partitionOfEvent } from './live-log';
import { AppliedFile } from './testing/applied-file';
import { keysByPartition, likes } from './testing/events';

// The machine's NATS with JetStream (CONVENTIONS: services on this machine); each test uses its own
// stream and subjects and deletes them.
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const nc: NatsConnection | null = await connect({ servers: NATS_URL, timeout: 2000 }).catch(() => null);
if (!nc) console.warn(`jetstream-log.test.ts: skipped, no NATS at ${NATS_URL} (start nats-server -js)`);
afterAll(async () => nc?.close());

const CHILD = fileURLToPath(new URL('./testing/crash-consumer.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'murmur-live-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let streams = 0;
async function openLog(partitions: number): Promise<JetStreamLiveLog> {
  const id = `${process.pid}_${Date.now()}_${++streams}`;
  return JetStreamLiveLog.open({
    nc: nc!,
    partitions,
    stream: `MURMUR_LIVE_TEST_${id}`,
    subjectPrefix: `murmur.test.${id}.live`,
  });
}

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

class Recorder implements LiveEngine {
  readonly applied = new Map<number, string[]>();
  private readonly at: Record<string, number> = {};
  apply(events: readonly LiveEvent[], position: Record<string, number>): void {
    for (const [p, seq] of Object.entries(position)) {
      this.applied.set(Number(p), [...(this.applied.get(Number(p)) ?? []), ...events.map((e) => e.key)]);
      this.at[p] = seq;
    }
  }
  position(): Record<string, number> {
    return { ...this.at };
  }
  count(): number {
    return [...this.applied.values()].reduce((sum, keys) => sum + keys.length, 0);
  }
}

describe.skipIf(!nc)('the JetStream live log', () => {
  it('delivers each partition in order to a durable consumer that acknowledges after applying', async () => {
    const log = await openLog(3);
    try {
      const events = likes(300);
      expect(await log.append(events)).toEqual({ stored: 300, duplicates: 0 });
      const engine = new Recorder();
      const consumer = await consumeLive({ log, engine, durableName: 'engine', batch: 50, waitMs: 100 });
      await until(() => engine.count() === 300, 5000, 'every event applied');
      expect(engine.applied).toEqual(keysByPartition(events, (e) => partitionOfEvent(e, 3)));
      const lag = await consumer.lag();
      expect(lag.map((l) => l.behind)).toEqual([0, 0, 0]);
      expect(Math.max(...lag.map((l) => l.last))).toBe(300);
      expect(lag.map((l) => l.behindMs)).toEqual([0, 0, 0]);
      // Each partition's head: its last sequence, and X's time of its last event.
      for (const { partition, last } of lag) {
        const times = events.filter((e) => partitionOfEvent(e, 3) === partition).map((e) => e.at);
        expect(await log.head(partition)).toEqual({ seq: last, at: Math.max(...times) });
      }
      await consumer.stop();
      // The acknowledged position is the engine's: JetStream recorded it for the durable consumer.
      for (const { partition, applied } of lag) {
        const reader = await log.reader(partition, 'engine', applied);
        expect(await reader.acknowledged()).toBe(applied);
        await reader.close();
      }
    } finally {
      await log.destroy();
    }
  });

  it('keeps each partition in order with a bounded window of publishes in flight, and says when no stream takes them', async () => {
    const id = `${process.pid}_${Date.now()}_${++streams}`;
    const log = await JetStreamLiveLog.open({
      nc: nc!,
      partitions: 3,
      stream: `MURMUR_LIVE_TEST_${id}`,
      subjectPrefix: `murmur.test.${id}.live`,
      maxInFlight: 7,
    });
    try {
      const events = likes(500);
      // A re-append inside the same batch is JetStream's duplicate, counted from its acknowledgement.
      expect(await log.append([...events, ...events.slice(0, 5)])).toEqual({ stored: 500, duplicates: 5 });
      const engine = new Recorder();
      const consumer = await consumeLive({ log, engine, durableName: 'engine', batch: 64, waitMs: 100 });
      await until(() => engine.count() === 500, 5000, 'every event applied');
      await consumer.stop();
      expect(engine.applied).toEqual(keysByPartition(events, (e) => partitionOfEvent(e, 3)));
      for (let p = 0; p < 3; p++) expect(await log.lastSequence(p)).toBeGreaterThan(0);
    } finally {
      await log.destroy();
    }
    // The stream is gone: NATS answers the publishes "no responders", and the append says so.
    const orphan = await JetStreamLiveLog.open({
      nc: nc!,
      partitions: 3,
      stream: `MURMUR_LIVE_TEST_${id}_gone`,
      subjectPrefix: `murmur.test.${id}.gone`,
    });
    await orphan.destroy();
    await expect(orphan.append(likes(3))).rejects.toThrow(/no stream took the event/);
  });

  it('stores a re-appended event once (Nats-Msg-Id = its key, within the de-duplication window)', async () => {
    const log = await openLog(2);
    try {
      await log.append(likes(10));
      expect(await log.append([...likes(3, 7), ...likes(2, 100)])).toEqual({ stored: 2, duplicates: 3 });
      const engine = new Recorder();
      const consumer = await consumeLive({ log, engine, durableName: 'engine', waitMs: 100 });
      await until(() => engine.count() === 12, 5000, '12 events applied');
      await consumer.stop();
      const keys = [...engine.applied.values()].flat();
      expect(new Set(keys).size).toBe(12);
      expect(keys).toHaveLength(12);
    } finally {
      await log.destroy();
    }
  });

  it('loses nothing and applies nothing twice when its process is killed (SIGKILL) mid-batch and restarted', async () => {
    const log = await openLog(2);
    const file = join(dir, 'applied.ndjson');
    const start = () =>
      spawn(
        process.execPath,
        ['--import', 'tsx', CHILD, NATS_URL, log.stream, log.subjectPrefix, '2', 'crash', file, '15'],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
    const batches = (child: ChildProcess) => {
      let n = 0;
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith('{')) n++;
      });
      return () => n;
    };
    try {
      const events = likes(400);
      await log.append(events);
      const first = start();
      const applied = batches(first);
      await until(() => applied() >= 4, 15_000, 'the first consumer to apply a few batches');
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      const killedAt = new AppliedFile(file).keys.length;
      expect(killedAt).toBeLessThan(400);
      // The dead consumer held events delivered and not acknowledged: the restart must not wait for
      // JetStream to redeliver them, nor apply again those it had applied.
      const jsm = await jetstreamManager(nc!);
      const held = await Promise.all(
        [0, 1].map(async (p) => (await jsm.consumers.info(log.stream, `crash-p${p}`)).num_ack_pending),
      );
      expect(Math.max(...held)).toBeGreaterThan(0);
      // Appended while no consumer runs, and again while the second one runs.
      await log.append(likes(50, 400));
      const second = start();
      await log.append(likes(50, 450));
      try {
        await until(
          () => new AppliedFile(file).keys.length >= 500,
          15_000,
          'the restarted consumer to catch up',
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        second.kill('SIGKILL');
        await new Promise((resolve) => second.once('exit', resolve));
      }
      const all = likes(500);
      const kept = new AppliedFile(file);
      expect(kept.keys).toHaveLength(500);
      expect(new Set(kept.keys)).toEqual(new Set(all.map((e) => e.key)));
      // And in each partition's order.
      for (const [p, keys] of keysByPartition(all, (e) => partitionOfEvent(e, 2))) {
        const inPartition = new Set(keys);
        expect(kept.keys.filter((k) => inPartition.has(k))).toEqual(keys);
        expect(kept.position()[String(p)]).toBe(await log.lastSequence(p));
      }
    } finally {
      await log.destroy();
    }
  });
});
