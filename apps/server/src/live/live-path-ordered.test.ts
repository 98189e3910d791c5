import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import type { AudienceEngine } from '@murmur/engine';
import type { LikeEvent, LiveEvent } from '@murmur/core/live';
import { consumeLive, JetStreamLiveLog, type LiveEngine } from '@murmur/engine-cluster';
import { loadConfig } from '../config';
import { checkpointBucket } from './collector-checkpoint';
import { API_DURABLE, openLivePath } from './live-path';

/**
 * The API server's engine reads the live log as the shard replicas do: one durable consumer in the
 * log's sequence order (`<durable>-all`). An engine that read each partition through a consumer of
 * its own (`<durable>-p<k>`, before the change) resumes at its position — not from zero, nothing
 * applied twice, also when its snapshot is older than what those consumers had acknowledged (a
 * kill -9 after the last snapshot) — and its per-partition consumers are removed from JetStream.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const nc: NatsConnection | null = await connect({ servers: NATS_URL, timeout: 2000 }).catch(() => null);
if (!nc) console.warn(`live-path-ordered.test.ts: skipped, no NATS at ${NATS_URL}`);
afterAll(async () => nc?.close());

const PARTITIONS = 3;

/** `count` likes with distinct keys, spread over the partitions. */
const likes = (count: number, from: number): LikeEvent[] =>
  Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const user = String(1 + (n % 37));
    const post = String(5_000_000 + n);
    return { type: 'like', key: `like:${user}:${post}`, at: 1_700_000_000_000 + n, user, post, author: '9' };
  });

/** An engine that records what it applied (a restart copies its keys and position: its snapshot). */
class Recorder implements LiveEngine {
  readonly keys: string[];
  private readonly at: Record<string, number>;
  constructor(from?: Recorder) {
    this.keys = [...(from?.keys ?? [])];
    this.at = { ...from?.position() };
  }
  apply(events: readonly LiveEvent[], position: Record<string, number>): void {
    this.keys.push(...events.map((e) => e.key));
    Object.assign(this.at, position);
  }
  position(): Record<string, number> {
    return { ...this.at };
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!nc)('the API server’s live engine on a JetStream log', () => {
  it('moves from per-partition consumers to one ordered consumer: resumes at its position, nothing lost or twice, old consumers removed', async () => {
    const id = `${process.pid}_${Date.now()}`;
    const stream = `MURMUR_LIVE_TEST_ORDERED_${id}`;
    const subjectPrefix = `murmur.test.${id}.ordered`;
    const log = await JetStreamLiveLog.open({ nc: nc!, partitions: PARTITIONS, stream, subjectPrefix });
    const jsm = await jetstreamManager(nc!);
    const consumers = async () => {
      const names: string[] = [];
      for await (const info of jsm.consumers.list(stream)) names.push(info.name);
      return names.sort();
    };
    const retired: { acknowledged: Record<string, number>; position: Record<string, number> }[] = [];
    try {
      // Before: the engine read each partition through its own durable consumer, as the server did.
      const before = new Recorder();
      await log.append(likes(300, 0));
      let old = await consumeLive({ log, engine: before, durableName: API_DURABLE, waitMs: 50, batch: 40 });
      await until(() => before.keys.length === 300, 'the first 300 events applied per partition');
      await old.stop();
      // Its snapshot, written here; then it applied 200 more and was killed before the next one.
      const snapshot = new Recorder(before);
      await log.append(likes(200, 300));
      old = await consumeLive({ log, engine: before, durableName: API_DURABLE, waitMs: 50, batch: 40 });
      await until(() => before.keys.length === 500, '200 more applied');
      await old.stop();
      const perPartition = Array.from({ length: PARTITIONS }, (_, p) => `${API_DURABLE}-p${p}`);
      expect(await consumers()).toEqual(perPartition);
      await log.append(likes(250, 500));

      // The upgraded server starts from the snapshot, through its own live path over the same stream.
      const config = {
        ...loadConfig({ NODE_ENV: 'test' }).live!,
        enabled: true,
        natsUrl: NATS_URL,
        stream,
        subjectPrefix,
        partitions: PARTITIONS,
        collectorEnabled: false,
      };
      const after = new Recorder(snapshot);
      const path = await openLivePath(config, {
        onConsumersRetired: (acknowledged, position) => retired.push({ acknowledged, position }),
      });
      try {
        path.follow(Promise.resolve(after as unknown as AudienceEngine), (error) => {
          throw error;
        });
        await until(() => after.keys.length >= 750, 'the whole log in the engine');
        // Applied once: the snapshot's 300, then exactly the log after its position, in sequence order.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(after.keys).toHaveLength(750);
        expect(new Set(after.keys).size).toBe(750);
        expect(after.keys.slice(0, 300)).toEqual(snapshot.keys);
        // What came after the snapshot, in the stream's sequence order (the order of the appends).
        expect(after.keys.slice(300)).toEqual(likes(450, 300).map((e) => e.key));
        const lag = await path.consumer()!.lag();
        expect(lag.map((p) => p.behind)).toEqual([0, 0, 0]);
        // One consumer of the whole stream now; the per-partition ones are gone.
        expect(await consumers()).toEqual([`${API_DURABLE}-all`]);
        expect(retired).toHaveLength(1);
        // They had acknowledged the first 500 (sequence 500 at most); the engine resumed at its own.
        expect(Math.max(...Object.values(retired[0]!.acknowledged))).toBe(500);
        expect(retired[0]!.position).toEqual(snapshot.position());
      } finally {
        await path.close();
      }

      // A later restart finds the ordered consumer at the engine's position: nothing more to retire.
      await log.append(likes(50, 750));
      const again = new Recorder(after);
      const restarted = await openLivePath(config, {
        onConsumersRetired: (acknowledged, position) => retired.push({ acknowledged, position }),
      });
      try {
        restarted.follow(Promise.resolve(again as unknown as AudienceEngine), (error) => {
          throw error;
        });
        await until(() => again.keys.length >= 800, 'the last 50 applied');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(again.keys.slice(750)).toEqual(likes(50, 750).map((e) => e.key));
        expect(new Set(again.keys).size).toBe(800);
        expect(retired).toHaveLength(1);
        expect(await consumers()).toEqual([`${API_DURABLE}-all`]);
      } finally {
        await restarted.close();
      }
    } finally {
      await log.destroy();
      await new Kvm(nc!)
        .open(checkpointBucket(stream))
        .then((kv) => kv.destroy())
        .catch(() => undefined);
    }
  }, 60_000);
});
