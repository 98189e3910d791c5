import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { createCollector } from './collector';

/**
 * X refuses a stream's connection attempt once the app's attempts for the window are spent (429,
 * `x-rate-limit-remaining: 0`) and names its reset (`x-rate-limit-reset`, unix seconds): the
 * collector tries again at that instant, not after its blind backoff (here a minute, longer than
 * the test waits), and asks X the same replay as its first attempt.
 */
const app = Fastify();
const queries: Record<string, string>[] = [];
const resetAt = Math.ceil(Date.now() / 1000) + 1;
app.get('/2/tweets/firehose/stream', (request, reply) => {
  queries.push(request.query as Record<string, string>);
  const remaining = queries.length === 1 ? 0 : 49;
  void reply.headers({
    'x-rate-limit-limit': '50',
    'x-rate-limit-remaining': String(remaining),
    'x-rate-limit-reset': String(queries.length === 1 ? resetAt : resetAt + 900),
  });
  if (queries.length === 1) return reply.code(429).send({ title: 'Too Many Requests', status: 429 });
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'application/json' });
  reply.raw.flushHeaders();
});
await app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => app.close());

it("retries an attempt refused for X's connection budget at X's reset instant", async () => {
  const warnings: object[] = [];
  const collector = createCollector({
    baseUrl: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/2/`,
    bearerToken: 'token',
    streams: [{ kind: 'posts', path: 'tweets/firehose/stream', partition: 1, query: { partition: '1' } }],
    sink: { append: () => Promise.resolve() },
    log: { info: () => undefined, warn: (obj) => void warnings.push(obj), error: () => undefined },
    retryDelayMs: () => 60_000,
  });
  await collector.start();
  const deadline = Date.now() + 15_000;
  while (collector.stats().streams[0]!.state !== 'connected' && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  await collector.stop();
  expect(queries).toHaveLength(2);
  expect(queries.map((q) => q.backfill_minutes)).toEqual(['5', '5']);
  // One refusal logged, with X's figures (then the reconnection's own line).
  expect(warnings.filter((w) => 'attempt' in w)).toEqual([
    expect.objectContaining({ status: 429, remaining: 0, reset: resetAt }),
  ]);
  expect(collector.stats().streams[0]!.reconnects).toBe(0);
});
