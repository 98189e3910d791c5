import { Agent, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createWriteBatch, registerCoalescedWrites } from './coalesced-writes';

interface LogLine {
  level: number;
  msg: string;
}

let app: FastifyInstance;
let agent: Agent;
const logged: LogLine[] = [];

async function listen(routes: (app: FastifyInstance) => void): Promise<URL> {
  logged.length = 0;
  app = Fastify({
    logger: {
      level: 'warn',
      stream: { write: (line: string) => void logged.push(JSON.parse(line) as LogLine) },
    },
  });
  registerCoalescedWrites(app);
  routes(app);
  agent = new Agent({ keepAlive: true, maxSockets: 16 });
  return new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
}

afterEach(async () => {
  agent.destroy();
  await app.close();
});

function call(
  url: URL,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
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
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe('coalesced writes', () => {
  it('hands an answer to its socket after the turn of the loop that produced it, not before', async () => {
    const order: string[] = [];
    const url = await listen((a) =>
      a.get('/', (_request, reply) => {
        // Scheduled before the answer is ended: without the batch, its bytes would be written first.
        setImmediate(() => order.push('next turn'));
        reply.raw.once('finish', () => order.push('written'));
        return { ok: true };
      }),
    );
    expect(JSON.parse((await call(url, 'GET', '/')).text)).toEqual({ ok: true });
    expect(order).toEqual(['next turn', 'written']);
  });

  it('answers every request of a burst with its own body, a slow one among them', async () => {
    const url = await listen((a) => {
      a.post('/echo', (request) => ({ n: (request.body as { n: number }).n }));
      a.get('/slow', async () => {
        await new Promise((r) => setTimeout(r, 20));
        return { slow: true };
      });
    });
    const answers = await Promise.all([
      call(url, 'GET', '/slow'),
      ...Array.from({ length: 200 }, (_, n) => call(url, 'POST', '/echo', { n })),
    ]);
    expect(answers.map((a) => JSON.parse(a.text) as unknown)).toEqual([
      { slow: true },
      ...Array.from({ length: 200 }, (_, n) => ({ n })),
    ]);
  });

  it('leaves Fastify’s lifecycle as it was: a handler that sends and returns nothing answers once', async () => {
    // `reply.sent` must be true as soon as the answer is ended, or Fastify sends a second time.
    const url = await listen((a) =>
      a.post('/async', async (_request, reply) => {
        await Promise.resolve();
        void reply.code(201).send({ once: true });
      }),
    );
    const answer = await call(url, 'POST', '/async', {});
    expect(answer).toEqual({ status: 201, text: '{"once":true}' });
    await new Promise((r) => setTimeout(r, 20));
    expect(logged).toEqual([]);
  });

  it('streams a large body whole, chunk after chunk', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const url = await listen((a) =>
      a.get('/big', (_request, reply) =>
        reply.type('text/plain').send(Readable.from(Array.from({ length: 80 }, () => chunk))),
      ),
    );
    const answer = await call(url, 'GET', '/big');
    expect(answer.text.length).toBe(80 * chunk.length);
  });

  it('makes the rest of a batch when one socket’s write throws, and tells that stream', async () => {
    const batch = createWriteBatch();
    const made: string[] = [];
    const failing = {
      _write: () => {
        throw new Error('socket gone');
      },
    } as unknown as Socket;
    const working = {
      _write(chunk: string, _encoding: string, cb: () => void) {
        made.push(chunk);
        cb();
      },
    } as unknown as Socket;
    batch.adopt(failing);
    batch.adopt(working);
    const results: (Error | null | undefined)[] = [];
    failing._write('a', 'utf8', (error) => results.push(error));
    working._write('b', 'utf8', (error) => results.push(error));
    expect(batch.size).toBe(2);
    expect(made).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(made).toEqual(['b']);
    expect(results.map((e) => e?.message)).toEqual(['socket gone', undefined]);
    expect(batch.size).toBe(0);
  });
});
