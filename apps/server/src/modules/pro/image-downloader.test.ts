import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TOKENS, type TestApp, type TestSession } from '../../test/test-app';
import { MAX_PIXELS_PER_REQUEST, PIXELS_PER_CLIENT } from './image-downloader';

/**
 * The image downloader does bounded work (docs/API.md "Limits"): only for a signed-in caller or the
 * pro site's token, each file once whatever its query string, and pixels counted per request and
 * per client. The site's own files are served over HTTP by a small file server standing in for
 * the site's origin (PUBLIC_URL points at it).
 */

let files: Server;
let t: TestApp;
let ann: TestSession;
const hits = new Map<string, number>();
/** Side of a square image of about `megapixels` (solid colour: large, yet cheap to make and serve). */
const side = (megapixels: number) => Math.round(Math.sqrt(megapixels * 1_000_000));
const images = new Map<string, Buffer>();

beforeAll(async () => {
  const big = side(36);
  images.set(
    '/media/small.png',
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer(),
  );
  for (const name of ['a', 'b'])
    images.set(
      `/media/${name}.png`,
      await sharp({ create: { width: big, height: big, channels: 3, background: '#00f' } })
        .png()
        .toBuffer(),
    );
  files = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://files').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const body = images.get(path);
    res.writeHead(body ? 200 : 404, { 'content-type': 'image/png' }).end(body ?? '');
  });
  await new Promise<void>((done) => files.listen(0, '127.0.0.1', done));
  const { port } = files.address() as AddressInfo;
  t = await createTestApp({ publicUrl: `http://127.0.0.1:${port}` });
  ann = await t.signIn('image-ann@example.com');
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise((done) => files.close(done));
});

const download = (urls: string[], headers: Record<string, string> = {}) =>
  t.app.inject({
    url: `/api/external/image-downloader/?${new URLSearchParams(urls.map((u): [string, string] => ['url', u])).toString()}`,
    headers,
  });

describe('image downloader', () => {
  it('asks signed-out callers to sign in, before looking at the query', async () => {
    for (const query of [['/media/small.png'], []]) {
      const res = await download(query);
      expect(res.statusCode, query.join()).toBe(403);
      expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
    expect(hits.size).toBe(0);
  });

  it('serves a signed-in user and the pro site’s token, each file once whatever its query string', async () => {
    const variants = Array.from({ length: 20 }, (_, i) => `/media/small.png?v=${i}`);
    const res = await download(variants, ann.tokenAuth);
    expect(res.statusCode, res.body).toBe(200);
    // One file: one PNG, not a zip of twenty copies, fetched once.
    expect(res.headers['content-type']).toBe('image/png');
    expect(hits.get('/media/small.png')).toBe(1);
    const byPro = await download(['/media/small.png'], {
      authorization: `Token ${TEST_TOKENS.proTargeting}`,
    });
    expect(byPro.statusCode, byPro.body).toBe(200);
  });

  it('refuses more pixels in one request than its budget, without converting any', async () => {
    expect(36 * 2 * 1_000_000).toBeGreaterThan(MAX_PIXELS_PER_REQUEST);
    const res = await download(['/media/a.png', '/media/b.png'], ann.tokenAuth);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      url: [
        `These images are too large to convert at once (at most ${MAX_PIXELS_PER_REQUEST / 1_000_000} megapixels).`,
      ],
    });
  });

  it('counts pixels per client and answers 429 with Retry-After beyond the budget', async () => {
    const bob = await t.signIn('image-bob@example.com');
    const allowed = Math.floor(PIXELS_PER_CLIENT / side(36) ** 2);
    for (let i = 0; i < allowed; i++) {
      const res = await download([`/media/${i % 2 ? 'a' : 'b'}.png`], bob.tokenAuth);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await download(['/media/a.png'], bob.tokenAuth);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(
        /^Too many images were converted\. Please try again in \d+ minutes?\.$/,
      ) as unknown,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client still has its own budget.
    expect((await download(['/media/small.png'], ann.tokenAuth)).statusCode).toBe(200);
  }, 30_000);
});
