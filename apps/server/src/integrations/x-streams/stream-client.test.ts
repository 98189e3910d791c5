import type { ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openXStream, type XStreamState } from './stream-client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('openXStream', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('stays closed when closed while a reconnection attempt is in flight', async () => {
    // The first connection drops at once; X answers the second attempt only after the stream was
    // closed. The library does not abort that attempt: before the fix it connected and read on.
    const responses: ServerResponse[] = [];
    const closedByClient: boolean[] = [];
    // Closing the server ends every connection, so that a failure here does not hang the cleanup.
    const app = Fastify({ forceCloseConnections: true });
    apps.push(app);
    let answerSecond = () => {};
    const secondAsked = new Promise<void>((resolve) => {
      app.get('/x/2/tweets/firehose/stream', async (_request, reply) => {
        const connection = responses.length;
        reply.hijack();
        const res = reply.raw;
        responses.push(res);
        closedByClient.push(false);
        res.on('close', () => (closedByClient[connection] = true));
        if (connection === 0) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('\r\n');
          setTimeout(() => res.destroy(), 20);
          return;
        }
        if (connection === 1) {
          resolve();
          await new Promise<void>((r) => (answerSecond = r));
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        while (!res.destroyed) {
          res.write('\r\n');
          await sleep(20);
        }
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const states: XStreamState[] = [];
    const connection = await openXStream({
      baseUrl: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/x/2/`,
      bearerToken: 'stream-token',
      path: 'tweets/firehose/stream',
      query: { partition: 1 },
      replay: () => null,
      retryDelayMs: () => 10,
      keepAliveTimeoutMs: 5000,
      onLine: () => {},
      onParseError: () => {},
      onState: (state) => states.push(state),
    });
    await secondAsked;
    connection.close();
    const statesAtClose = states.length;
    answerSecond();
    for (let i = 0; i < 50 && !closedByClient[1]; i++) await sleep(20);
    await sleep(200);
    expect(closedByClient[1]).toBe(true);
    expect(responses).toHaveLength(2);
    expect(states.slice(statesAtClose)).not.toContain('connected');
  });

  /**
   * Serves `chunks` on a stream, each written alone with `pauseMs` between them, then keep-alives;
   * reads it through openXStream (with `maxLineChars` when given) until `want` lines came.
   */
  async function readChunked(
    chunks: (string | Buffer)[],
    pauseMs: number,
    want: number,
    maxLineChars?: number,
  ): Promise<{ lines: unknown[]; errors: Error[]; keepAlives: number }> {
    const app = Fastify({ forceCloseConnections: true });
    apps.push(app);
    app.get('/x/2/likes/firehose/stream', async (_request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { 'content-type': 'application/json' });
      for (const chunk of chunks) {
        if (res.destroyed) return;
        res.write(chunk);
        await sleep(pauseMs);
      }
      while (!res.destroyed) {
        res.write('\r\n');
        await sleep(30);
      }
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const lines: unknown[] = [];
    const errors: Error[] = [];
    let keepAlives = 0;
    const connection = await openXStream({
      baseUrl: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/x/2/`,
      bearerToken: 'stream-token',
      path: 'likes/firehose/stream',
      query: { partition: 1 },
      replay: () => null,
      retryDelayMs: () => 10,
      keepAliveTimeoutMs: 5000,
      ...(maxLineChars !== undefined && { maxLineChars }),
      onLine: (line) => lines.push(line),
      onKeepAlive: () => keepAlives++,
      onParseError: (error) => errors.push(error),
      onState: () => {},
    });
    for (let i = 0; i < 200 && lines.length < want; i++) await sleep(20);
    connection.close();
    return { lines, errors, keepAlives };
  }

  it('reads a line whose ending came alone, and a character split between two chunks', async () => {
    // Each write is a chunk of its own (a pause between them). The library took a chunk of only
    // `\r\n` for a keep-alive: the line before it ran into the next and both were lost.
    const ja = Buffer.from(JSON.stringify({ data: { id: '3', text: '日本語のポスト' } }));
    const chunks: (string | Buffer)[] = [
      '\r\n',
      JSON.stringify({ data: { id: '1' } }),
      '\r\n',
      JSON.stringify({ data: { id: '2' } }) + '\r\n',
      '\r\n',
      ja.subarray(0, ja.indexOf('本') + 1),
      ja.subarray(ja.indexOf('本') + 1),
      '\r\n',
      '\r\n',
      JSON.stringify({ data: { id: '4' } }) + '\r',
      '\n',
    ];
    const { lines, errors, keepAlives } = await readChunked(chunks, 30, 4);
    expect(errors).toEqual([]);
    expect(lines).toEqual([
      { data: { id: '1' } },
      { data: { id: '2' } },
      { data: { id: '3', text: '日本語のポスト' } },
      { data: { id: '4' } },
    ]);
    expect(keepAlives).toBeGreaterThanOrEqual(3);
  });

  it('reads a line spread over many chunks once, and drops a line past the longest kept', async () => {
    const long = JSON.stringify({ data: { id: '5', text: 'x'.repeat(3000) } });
    const chunks: string[] = [];
    for (let at = 0; at < long.length; at += 97) chunks.push(long.slice(at, at + 97));
    chunks.push('\r\n', JSON.stringify({ data: { id: '6', text: 'y'.repeat(6000) } }).slice(0, 5000));
    chunks.push('y'.repeat(1000), '"}}\r', '\n', JSON.stringify({ data: { id: '7' } }) + '\r\n');
    const { lines, errors } = await readChunked(chunks, 2, 2, 4000);
    // The 6 000-character line is dropped whole, once; the line after it is read.
    expect(lines).toEqual([JSON.parse(long), { data: { id: '7' } }]);
    expect(errors.map((e) => e.name)).toEqual(['RangeError']);
  });
});
