import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomKey } from './crypto';
import type { AuthInvalidation, InvalidationBus } from './auth-cache';
import { createRedisInvalidationBus } from './auth-cache-redis';

const url = process.env.REDIS_URL;

// Runs when REDIS_URL is set (CI: .ci/run), as the BullMQ queue's contract tests do.
describe.skipIf(!url)('auth-cache invalidations over Redis pub/sub', () => {
  const channel = `murmur:test:auth-invalidation:${randomKey()}`;
  const warn = () => {};
  let a: InvalidationBus;
  let b: InvalidationBus;
  beforeAll(async () => {
    a = await createRedisInvalidationBus({ url: url!, warn, channel });
    b = await createRedisInvalidationBus({ url: url!, warn, channel });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('delivers what one process publishes to the others, not back to itself', async () => {
    const toA: AuthInvalidation[] = [];
    const toB: AuthInvalidation[] = [];
    a.subscribe((m) => toA.push(m));
    b.subscribe((m) => toB.push(m));
    a.publish({ credential: 't:abc' });
    a.publish({ user: 7 });
    await expect.poll(() => toB.length).toBe(2);
    expect(toB).toEqual([{ credential: 't:abc' }, { user: 7 }]);
    expect(toA).toEqual([]);
  });
});
