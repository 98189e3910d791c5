import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TooManyRequests } from '../errors';
import { createTestClock } from '../test/test-clock';
import { createBullmqQueue } from './bullmq-queue';
import { CONTRACT_LIMITS, describeJobQueue } from './queue-contract';

// Runs against a real Redis only when REDIS_URL is set (e.g. redis://127.0.0.1:6379); CI has none.
const url = process.env.REDIS_URL;

if (url) {
  // A prefix of its own per run, so parallel runs and leftovers never meet.
  const prefix = `murmur-test-${randomBytes(4).toString('hex')}`;
  describeJobQueue('the BullMQ job queue', ({ clock, limits, sweepMs }) =>
    createBullmqQueue({ url, prefix, clock, limits, sweepMs }),
  );

  describe('the BullMQ job queue across server processes', () => {
    it('counts the per-caller caps in Redis, shared by every process on the same prefix', async () => {
      const shared = `murmur-test-${randomBytes(4).toString('hex')}`;
      const clock = createTestClock();
      // Two server processes: each runs its own queue (its own name) on the same Redis prefix.
      const a = await createBullmqQueue({ url, prefix: shared, name: 'one', clock, limits: CONTRACT_LIMITS });
      const b = await createBullmqQueue({ url, prefix: shared, name: 'two', clock, limits: CONTRACT_LIMITS });
      try {
        let open!: () => void;
        const held = new Promise<void>((resolve) => (open = resolve));
        const caller = { ip: '192.0.2.77' };
        const request = (n: number) => ({ kind: 'test', key: `shared:${n}`, caller, work: () => held });
        const ids = [(await a.start(request(1))).id, (await b.start(request(2))).id];
        expect(CONTRACT_LIMITS.perIp).toBe(2);
        await expect(a.start(request(3))).rejects.toBeInstanceOf(TooManyRequests);
        await expect(b.start(request(4))).rejects.toBeInstanceOf(TooManyRequests);
        // Another caller is not held back.
        ids.push((await b.start({ ...request(5), caller: { ip: '192.0.2.78' } })).id);
        open();
        for (const [i, id] of ids.entries()) {
          expect((await (i === 0 ? a : b).wait(id, 5000))?.state).toBe('done');
        }
        // Finished jobs give their slots back in Redis too.
        const again = await a.start({ ...request(6), work: () => 'again' });
        expect((await a.wait(again.id, 5000))?.result).toBe('again');
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
} else {
  describe.skip('the BullMQ job queue (set REDIS_URL to run)', () => {
    it('runs against Redis', () => expect(url).toBeDefined());
  });
}

describe('createBullmqQueue', () => {
  it('refuses to start when Redis cannot be reached', async () => {
    await expect(createBullmqQueue({ url: 'redis://127.0.0.1:1', connectTimeoutMs: 300 })).rejects.toThrow(
      /Redis|ioredis/,
    );
  });
});
