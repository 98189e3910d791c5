import { Redis } from 'ioredis';
import type { Cap } from './job-tracker';

/**
 * The per-caller job caps counted in Redis, so that every server process on one Redis shares them
 * (a client cannot get N times its allowance from N processes behind a load balancer). Each cap is
 * a sorted set of job ids scored by a lease expiry: a process renews the leases of its live jobs
 * and removes them when they stop, and a process that dies leaves leases that simply run out.
 * The global bound stays per process: it protects that process's CPU.
 */
export interface SharedCaps {
  /** Counts job `id` against `caps`, or returns the first cap that is full (nothing counted then). */
  acquire(id: string, caps: Cap[]): Promise<Cap | undefined>;
  release(id: string): Promise<void>;
  close(): Promise<void>;
}

/** Leases outlive several renewals, so a busy event loop cannot lose a live job's slot. */
const LEASE_MS = 60_000;
const RENEW_MS = 15_000;

// KEYS: the caps' sets; ARGV: now, lease expiry, job id, then each cap's max.
const ACQUIRE = `
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[1])
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return i end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[3])
  redis.call('PEXPIREAT', key, ARGV[2])
end
return 0
`;

export async function createRedisCaps(options: {
  url: string;
  /** Key prefix (the queue's), e.g. `murmur` → `murmur:job-caps:ip:…`. */
  prefix: string;
}): Promise<SharedCaps> {
  const redis = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on('error', () => undefined);
  await redis.connect();
  const key = (cap: string) => `${options.prefix}:job-caps:${cap}`;
  /** This process's jobs and the sets they are in, for renewal and release. */
  const held = new Map<string, string[]>();

  const renew = setInterval(() => {
    const expiry = Date.now() + LEASE_MS;
    const pipeline = redis.pipeline();
    for (const [id, keys] of held) {
      for (const k of keys) pipeline.zadd(k, 'XX', expiry, id).pexpireat(k, expiry);
    }
    if (held.size > 0) void pipeline.exec().catch(() => undefined);
  }, RENEW_MS);
  renew.unref();

  async function release(id: string) {
    const keys = held.get(id);
    if (!keys) return;
    held.delete(id);
    await Promise.all(keys.map((k) => redis.zrem(k, id))).catch(() => undefined);
  }

  return {
    async acquire(id, caps) {
      const keys = caps.map((c) => key(c.cap));
      const now = Date.now();
      const args = [now, now + LEASE_MS, id, ...caps.map((c) => c.max)];
      const full = (await redis.eval(ACQUIRE, keys.length, ...keys, ...args)) as number;
      if (full > 0) return caps[full - 1];
      held.set(id, keys);
      return undefined;
    },
    release,
    async close() {
      clearInterval(renew);
      await Promise.all([...held.keys()].map(release));
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
