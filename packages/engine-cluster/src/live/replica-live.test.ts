import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@murmur/core/live';
import { JetStreamLiveLog } from './jetstream-log';
import { followLive, isLiveEngine, replicaDurableName } from './replica-live';
import { likes } from './testing/events';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const nc: NatsConnection | null = await connect({ servers: NATS_URL, timeout: 2000 }).catch(() => null);
if (!nc) console.warn(`replica-live.test.ts: NATS tests skipped, no NATS at ${NATS_URL}`);
afterAll(async () => nc?.close());

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
