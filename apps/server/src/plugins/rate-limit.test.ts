import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler';
import { minutes, rateLimitHook, registerRateLimit } from './rate-limit';

/** A server process with one route limited to `max` per minute under the rule `name`. */
async function serverWith(redisUrl: string | undefined, name: string, max: number): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  await registerRateLimit(app, { redisUrl });
  const limited = rateLimitHook(app, {
    name,
    max,
    windowMs: 60_000,
    message: (m) => `Slow down. Please try again in ${minutes(m)}.`,
  });
  app.get('/limited', { preHandler: limited }, () => ({ ok: true }));
  await app.ready();
  return app;
}

const servers: FastifyInstance[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

describe('rateLimitHook', () => {
  it('answers 429 with Retry-After and a SPEC §8 detail beyond the limit, per client', async () => {
    const app = await serverWith(undefined, 'memory', 2);
    servers.push(app);
    const get = (remoteAddress: string) => app.inject({ url: '/limited', remoteAddress });
    expect((await get('192.0.2.1')).statusCode).toBe(200);
    expect((await get('192.0.2.1')).statusCode).toBe(200);
    const refused = await get('192.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: 'Slow down. Please try again in 1 minute.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
    expect((await get('192.0.2.2')).statusCode).toBe(200);
  });
});

// With REDIS_URL (CI's test:db), the count lives in Redis: two server processes share it.
const url = process.env.REDIS_URL;
describe.skipIf(!url)('rateLimitHook on Redis (REDIS_URL)', () => {
  it('shares one count between server processes', async () => {
    const rule = `test-${randomBytes(6).toString('hex')}`;
    const [a, b] = [await serverWith(url, rule, 2), await serverWith(url, rule, 2)];
    servers.push(a, b);
    expect((await a.inject({ url: '/limited', remoteAddress: '192.0.2.9' })).statusCode).toBe(200);
    expect((await b.inject({ url: '/limited', remoteAddress: '192.0.2.9' })).statusCode).toBe(200);
    const refused = await a.inject({ url: '/limited', remoteAddress: '192.0.2.9' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets requests through when Redis cannot be reached rather than locking everyone out', async () => {
    const app = await serverWith('redis://127.0.0.1:1', `down-${randomBytes(4).toString('hex')}`, 1);
    servers.push(app);
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ url: '/limited', remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
    }
  });
});
