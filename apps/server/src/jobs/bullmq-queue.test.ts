import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createBullmqQueue } from './bullmq-queue';
import { describeJobQueue } from './queue-contract';

// Runs against a real Redis only when REDIS_URL is set (e.g. redis://127.0.0.1:6379); CI has none.
const url = process.env.REDIS_URL;

if (url) {
  // A prefix of its own per run, so parallel runs and leftovers never meet.
  const prefix = `murmur-test-${randomBytes(4).toString('hex')}`;
  describeJobQueue('the BullMQ job queue', ({ clock, limits, sweepMs }) =>
    createBullmqQueue({ url, prefix, clock, limits, sweepMs }),
  );
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
