import { Redis } from 'ioredis';
import { randomKey } from './crypto';
import type { AuthInvalidation, InvalidationBus } from './auth-cache';

export const AUTH_INVALIDATION_CHANNEL = 'murmur:auth-invalidation';

/**
 * Auth-cache invalidations over Redis pub/sub (REDIS_URL), so that a logout or a profile change in
 * one server process takes effect in all of them. Pub/sub does not replay: a process whose
 * subscription dropped forgets its whole cache when it is back, rather than trust what it may have
 * missed.
 */
export async function createRedisInvalidationBus(options: {
  url: string;
  /** Where connection problems are reported (the app's log at warn). */
  warn: (err: unknown, message: string) => void;
  channel?: string;
  /** How long to wait for Redis at start-up. */
  connectTimeoutMs?: number;
}): Promise<InvalidationBus> {
  const channel = options.channel ?? AUTH_INVALIDATION_CHANNEL;
  // Our own messages come back to us; they were applied when sent.
  const origin = randomKey();
  const publisher = new Redis(options.url, { lazyConnect: true });
  const subscriber = new Redis(options.url, { lazyConnect: true });
  const handlers: ((message: AuthInvalidation) => void)[] = [];
  const deliver = (message: AuthInvalidation) => handlers.forEach((handle) => handle(message));
  for (const client of [publisher, subscriber]) {
    client.on('error', (err: Error) => options.warn(err, 'auth cache: Redis connection problem'));
  }

  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    try {
      const parsed = JSON.parse(raw) as { origin: string; message: AuthInvalidation };
      if (parsed.origin !== origin) deliver(parsed.message);
    } catch {
      deliver({ everyone: true });
    }
  });
  let connectedOnce = false;
  subscriber.on('ready', () => {
    if (connectedOnce) deliver({ everyone: true });
    connectedOnce = true;
  });

  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all([publisher.connect(), subscriber.connect()]).then(() => subscriber.subscribe(channel)),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('auth cache: could not connect to Redis')),
          options.connectTimeoutMs ?? 10_000,
        );
      }),
    ]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  } finally {
    clearTimeout(timer);
  }

  return {
    publish(message) {
      publisher.publish(channel, JSON.stringify({ origin, message })).catch((err: unknown) => {
        options.warn(err, 'auth cache: invalidation not published; other processes stay stale until the TTL');
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
