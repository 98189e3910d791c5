import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from './request-limits';

let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes over a real connection (what Node's HTTP parser sees) and returns the raw answer. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const statusAndBody = (answer: string) => ({
  status: Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]),
  type: /content-type: ([^\r]+)/i.exec(answer)?.[1],
  body: JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown,
});

const nested = (depth: number) => `{"email":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe('request limits', () => {
  it('counts JSON nesting without parsing, ignoring brackets inside strings', () => {
    expect(jsonDepthExceeds('[[1]]', 2)).toBe(false);
    expect(jsonDepthExceeds('[[[1]]]', 2)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[\\"[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(1_000_000), 64)).toBe(true);
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels with 400 {detail}, accepts ${MAX_JSON_DEPTH}`, async () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/magic-link/',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const deep = await post(nested(MAX_JSON_DEPTH + 1));
    expect([deep.statusCode, deep.json()]).toEqual([400, { detail: 'JSON nested deeper than 64 levels.' }]);
    // At the limit the body is parsed and reaches the schema, which names the field.
    const atLimit = await post(nested(MAX_JSON_DEPTH));
    expect(atLimit.statusCode).toBe(400);
    expect(Object.keys(atLimit.json<object>())).toEqual(['email']);
  });

  it('refuses a body over 1 MB with 413 {detail}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/magic-link/',
      payload: { email: 'a'.repeat(1024 * 1024) },
    });
    expect([res.statusCode, res.json()]).toEqual([413, { detail: 'Request body is too large' }]);
  });

  it('refuses an unsupported content type with 415 {detail}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/magic-link/',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a@example.com</email>',
    });
    expect([res.statusCode, res.json()]).toEqual([415, { detail: 'Unsupported Media Type' }]);
  });

  it('refuses a URL over 8 192 characters with 414 {detail}', async () => {
    const res = await t.app.inject({ url: `/api/audiences/?search=${'a'.repeat(9000)}` });
    expect([res.statusCode, res.json()]).toEqual([
      414,
      { detail: 'The URL is longer than 8192 characters.' },
    ]);
  });

  it('answers headers over 16 KB with 431 and a SPEC §8 JSON body', async () => {
    const answer = await raw(`GET /api/user/me/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(statusAndBody(answer)).toEqual({
      status: 431,
      type: 'application/json; charset=utf-8',
      body: { detail: 'The request headers are too large.' },
    });
  });

  it('answers a NUL byte in a header, and malformed HTTP, with 400 and a SPEC §8 JSON body', async () => {
    for (const request of [
      'GET /api/user/me/ HTTP/1.1\r\nHost: x\r\nAccept-Language: en\u0000\r\n\r\n',
      'NONSENSE\r\n\r\n',
    ]) {
      expect(statusAndBody(await raw(request))).toEqual({
        status: 400,
        type: 'application/json; charset=utf-8',
        body: { detail: 'The request is malformed.' },
      });
    }
  });

  it('answers a NUL in a path parameter with 404 and in a query with 400', async () => {
    const path = await t.app.inject({ url: '/api/teaminfo/a%00b/' });
    expect([path.statusCode, path.json()]).toEqual([404, { detail: 'Not found.' }]);
    const query = await t.app.inject({ url: '/api/audiences/?search=a%00b' });
    expect([query.statusCode, query.json()]).toEqual([400, { search: ['Null characters are not allowed.'] }]);
  });
});
