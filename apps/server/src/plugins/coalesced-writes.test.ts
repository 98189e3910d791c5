import { request as httpRequest, Agent } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createWriteBatch, registerCoalescedWrites } from './coalesced-writes';

describe('coalesced writes', () => {
  it('writes an answer after the turn of the loop that produced it, not before', async () => {
    const app = Fastify({ logger: false });
    registerCoalescedWrites(app);
    const order: string[] = [];
    app.get('/', (_request, reply) => {
      // Scheduled before the answer is parked: without the batch, the answer would be written first.
      setImmediate(() => order.push('next turn'));
      reply.raw.once('finish', () => order.push('written'));
      return { ok: true };
    });
    const res = await app.inject({ url: '/' });
    expect(res.json()).toEqual({ ok: true });
    expect(order).toEqual(['next turn', 'written']);
    await app.close();
  });

  it('answers every request of a burst, each with its own body, over real sockets', async () => {
    const app = Fastify({ logger: false });
    registerCoalescedWrites(app);
    app.post('/echo', (request) => ({ n: (request.body as { n: number }).n }));
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 20));
      return { slow: true };
    });
    const url = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const call = (method: string, path: string, body?: unknown) =>
      new Promise<unknown>((resolve, reject) => {
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            method,
            path,
            agent,
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve(JSON.parse(text)));
          },
        );
        req.on('error', reject);
        req.end(body === undefined ? undefined : JSON.stringify(body));
      });
    const answers = await Promise.all([
      call('GET', '/slow'),
      ...Array.from({ length: 200 }, (_, n) => call('POST', '/echo', { n })),
    ]);
    expect(answers[0]).toEqual({ slow: true });
    expect(answers.slice(1)).toEqual(Array.from({ length: 200 }, (_, n) => ({ n })));
    agent.destroy();
    await app.close();
  });

  it('hands on the rest of a batch when one answer throws, and logs it', async () => {
    const log = { error: vi.fn() };
    const batch = createWriteBatch(log);
    const handed: unknown[] = [];
    const park = (payload: string, done: (e: Error | null, p?: unknown) => void) =>
      void batch.park.call(undefined as never, {} as never, {} as never, payload, done as never);
    park('a', (_e, p) => handed.push(p));
    park('b', () => {
      throw new Error('socket gone');
    });
    park('c', (_e, p) => handed.push(p));
    expect(batch.size).toBe(3);
    expect(handed).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(handed).toEqual(['a', 'c']);
    expect(batch.size).toBe(0);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
