import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD, pickEncoding, registerJsonCompression } from './json-compression';

/** A JSON document well over the threshold (a page of a list). */
const big = {
  results: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `audience ${i}`, languages: ['en', 'ja'] })),
};
const small = { id: 1, name: 'me' };
const bigLines = Array.from(
  { length: 100 },
  (_, i) => `${JSON.stringify({ data: { id: String(i) } })}\r\n`,
).join('');

let app: FastifyInstance;
let base: URL;
beforeAll(async () => {
  app = Fastify();
  registerJsonCompression(app);
  app.get('/api/big/', () => big);
  app.get('/api/small/', () => small);
  app.get('/api/varied/', (_request, reply) => reply.header('vary', 'Origin').send(big));
  app.get('/api/ndjson/', (_request, reply) => reply.type('application/x-ndjson').send(bigLines));
  app.get('/api/events/', (_request, reply) => reply.type('text/event-stream').send(bigLines));
  app.get('/api/streamed/', (_request, reply) =>
    reply.type('application/json').send(Readable.from([JSON.stringify(big)])),
  );
  app.get('/sandbox/x/2/big/', () => big);
  // As the sandbox's X streams answer: hijacked, application/json, newline-delimited, held open.
  app.get('/sandbox/x/2/tweets/search/stream', (_request, reply) => {
    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    raw.write(bigLines);
    raw.end();
  });
  base = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(() => app.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A real HTTP request (not inject): what a client receives on the wire, undecoded. */
function get(path: string, acceptEncoding?: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        path,
        method,
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('JSON API answers compression', () => {
  it('sends a large answer brotli-compressed to a client that accepts br, decoding to the same JSON', async () => {
    const res = await get('/api/big/', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(JSON.parse(brotliDecompressSync(res.body).toString('utf8'))).toEqual(big);
  });

  it('sends gzip to a client that accepts gzip only, or refuses br', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', '*, br;q=0']) {
      const res = await get('/api/big/', accept);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(JSON.parse(gunzipSync(res.body).toString('utf8'))).toEqual(big);
    }
  });

  it('sends the large answer as it is to a client that accepts no coding we have', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await get('/api/big/', accept);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      // Still varies: the same URL is compressed for another client.
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(JSON.parse(res.body.toString('utf8'))).toEqual(big);
    }
  });

  it('keeps a route’s own Vary and adds Accept-Encoding to it', async () => {
    const res = await get('/api/varied/', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Origin, Accept-Encoding');
  });

  it('does not compress a small answer', async () => {
    expect(JSON.stringify(small).length).toBeLessThan(COMPRESSION_THRESHOLD);
    const res = await get('/api/small/', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toEqual(small);
  });

  it('leaves streamed answers, NDJSON, event streams and the sandbox untouched', async () => {
    const cases: [string, string][] = [
      ['/api/ndjson/', bigLines],
      ['/api/events/', bigLines],
      ['/api/streamed/', JSON.stringify(big)],
      ['/sandbox/x/2/big/', JSON.stringify(big)],
      ['/sandbox/x/2/tweets/search/stream', bigLines],
    ];
    for (const [path, expected] of cases) {
      const res = await get(path, 'br, gzip');
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBeUndefined();
      expect(res.body.toString('utf8'), path).toBe(expected);
    }
  });
});

describe('pickEncoding', () => {
  it('prefers br, then gzip, honours q=0 and *', () => {
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('GZIP;q=0.5')).toBe('gzip');
    expect(pickEncoding('br;q=0,gzip;q=0.1')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0')).toBeUndefined();
    expect(pickEncoding('identity, deflate')).toBeUndefined();
  });
});
