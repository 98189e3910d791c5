import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { TooManyRequests } from '../errors';

/**
 * @fastify/rate-limit for the limits by client (docs/API.md "Limits"): counted in Redis when
 * REDIS_URL is set, so that every server process shares them, else in this process's memory.
 * No route is limited unless it asks for a rule through `rateLimitHook`. When Redis cannot be
 * reached, requests go through (and the problem is logged) rather than locking everyone out.
 */
export async function registerRateLimit(app: FastifyInstance, options: { redisUrl: string | undefined }) {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    // One try per command: a sign-in must not hang while Redis is away.
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on('error', (err: Error) => app.log.warn({ err }, 'rate limits: Redis connection problem'));
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    ...(redis && { redis, nameSpace: 'murmur-rate-limit:' }),
  });
}

/** One limit by client: at most `max` requests per `windowMs`, counted per key (the IP address by default). */
export interface RateRule {
  /** Keeps the counts of different rules apart (`sign-in-codes`, …). */
  name: string;
  max: number;
  windowMs: number;
  key?: (request: FastifyRequest) => string;
  /** The English `detail` of the 429, given the wait in whole minutes. */
  message: (minutes: number) => string;
}

/**
 * A preHandler that counts the request against `rule` and answers 429 `{detail}` with Retry-After
 * (seconds) beyond it. Routes that share a rule share one hook, so they share one count.
 */
export function rateLimitHook(app: FastifyInstance, rule: RateRule): preHandlerAsyncHookHandler {
  const limiter = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${rule.name}:${rule.key ? rule.key(request) : normalizeIP(request.ip)}`,
  });
  return async (request) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    throw new TooManyRequests(rule.message(Math.ceil(seconds / 60)), seconds);
  };
}

/**
 * A limit on an amount of work rather than on requests (`rule.max` units per window, per key): the
 * returned function charges `units` to the key and answers 429 `{detail}` with Retry-After once the
 * client's total is beyond the rule. Each unit is one count of @fastify/rate-limit's store (Redis
 * when configured), so server processes share the budget as they share the other limits.
 */
export function rateLimitCounter(
  app: FastifyInstance,
  rule: Omit<RateRule, 'key'> & { key: (request: FastifyRequest) => string },
): (request: FastifyRequest, units: number) => Promise<void> {
  const limiter = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${rule.name}:${rule.key(request)}`,
  });
  return async (request, units) => {
    let refused = 0;
    for (let i = 0; i < units; i++) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        refused = Math.max(1, result.ttlInSeconds);
        break;
      }
    }
    if (refused > 0) throw new TooManyRequests(rule.message(Math.ceil(refused / 60)), refused);
  };
}

/** "1 minute", "12 minutes". */
export const minutes = (n: number) => (n === 1 ? '1 minute' : `${n} minutes`);
