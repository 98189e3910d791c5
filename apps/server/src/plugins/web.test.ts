import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding, registerWeb } from './web';

// A built web app as `vite build` leaves it (apps/web/build/precompress.ts): a hashed asset with its
// .br and .gz copies, index.html, robots.txt and the page metadata the server renders heads from.
const dist = mkdtempSync(join(tmpdir(), 'murmur-web-'));
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const meta = {
  hosts: { pro: ['pro.localhost'], premium: ['premium.localhost'], staging: ['staging'] },
  siteName: 'Murmur',
  meta: {
    dashboard: {
      en: { title: 'Murmur dashboard', description: 'Dashboard description' },
      ja: { title: 'Murmur ダッシュボード', description: 'ダッシュボードの説明' },
    },
    pro: {
      en: { title: 'Pro <site>', description: 'Pro "quoted" description' },
      ja: { title: 'プロ', description: 'プロの説明' },
    },
    premium: {
      en: { title: 'Deep Thought', description: 'Premium description' },
      ja: { title: 'Deep Thought', description: 'プレミアムの説明' },
    },
  },
  sitemap: { pro: ['/', '/about'] },
  preload: {
    flavours: {
      dashboard: ['/assets/dashboard-1.js'],
      pro: ['/assets/pro-1.js', '/assets/pro-1.css'],
      premium: [],
    },
    languages: { en: ['/assets/en-1.js'], ja: ['/assets/ja-1.js'] },
    catalogues: {
      dashboard: { en: ['/assets/dashboard-en-1.js'], ja: ['/assets/dashboard-ja-1.js'] },
      pro: { en: ['/assets/pro-en-1.js'], ja: ['/assets/pro-ja-1.js'] },
      premium: { en: ['/assets/premium-en-1.js'], ja: ['/assets/premium-ja-1.js'] },
    },
    routes: [
      {
        flavour: 'dashboard',
        path: '^/login(?:/[^/]+)?/?$',
        files: ['/assets/login-1.js', '/assets/login-1.css'],
      },
      { flavour: 'pro', path: '^/$', files: ['/assets/home-1.js'] },
    ],
  },
};

let app: FastifyInstance;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'assets/app-abc123.js'), script);
  writeFileSync(join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets/app-abc123.js.gz'), gzipSync(script));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Murmur</title>\n  </head>\n  <body></body>\n</html>\n',
  );
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  writeFileSync(join(dist, '.vite/page-meta.json'), JSON.stringify(meta));
  app = Fastify();
  await registerWeb(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('static assets', () => {
  it('sends brotli to a client that accepts it, cached for good and varying on Accept-Encoding', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('leaves the document-only security headers off assets, and keeps nosniff', async () => {
    const scoped = Fastify();
    scoped.addHook('onRequest', async (_request, reply) => {
      void reply.header('content-security-policy', "default-src 'self'");
      void reply.header('x-frame-options', 'SAMEORIGIN');
      void reply.header('x-content-type-options', 'nosniff');
      void reply.header('permissions-policy', 'camera=()');
    });
    await registerWeb(scoped, dist);
    const asset = await scoped.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['permissions-policy']).toBeUndefined();
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const page = await scoped.inject({ url: '/login' });
    expect(page.headers['content-security-policy']).toBe("default-src 'self'");
    expect(page.headers['permissions-policy']).toBe('camera=()');
    await scoped.close();
  });

  it('sends gzip to a client without brotli, and the raw file to one that accepts neither', async () => {
    const gzipped = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const raw = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toBe(script);
  });

  it('serves robots.txt as the file, not the app', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Disallow: /api/');
  });

  it('answers unknown server paths with the JSON 404', async () => {
    const res = await get('/api/nothing-here/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers them in the browser’s language', async () => {
    const res = await get('/api/nothing-here/', { 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: '見つかりません。' });
    const sitemap = await get('/sitemap.xml', { host: 'localhost:3000', 'accept-language': 'ja' });
    expect(sitemap.json()).toEqual({ detail: '見つかりません。' });
  });
});

describe('the page', () => {
  it('carries the flavour’s and language’s description, Open Graph tags and preloads, compressed, not cached', async () => {
    const res = await get('/explore', {
      host: 'pro.localhost:3000',
      'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8',
      'accept-encoding': 'br, gzip',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('Accept-Encoding, Accept-Language');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<title>プロ</title>');
    expect(html).toContain('<meta name="description" content="プロの説明">');
    expect(html).toContain('<meta property="og:title" content="プロ">');
    expect(html).toContain('<meta property="og:locale" content="ja_JP">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/pro-1.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/pro-1.css">');
    // The pro site's first-screen Japanese catalogue, not the whole one, nor another's.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/pro-ja-1.js">');
    expect(html).not.toContain('/assets/ja-1.js');
    expect(html).not.toContain('en-1.js');
  });

  it('escapes the texts and picks the dashboard on other hosts, in English by default', async () => {
    const pro = await get('/', { host: 'pro.localhost' });
    expect(pro.body).toContain('<title>Pro &lt;site&gt;</title>');
    expect(pro.body).toContain('content="Pro &quot;quoted&quot; description"');
    const dashboard = await get('/login', { host: 'localhost:3000' });
    expect(dashboard.headers['content-encoding']).toBeUndefined();
    expect(dashboard.body).toContain('<html lang="en">');
    expect(dashboard.body).toContain('<meta name="description" content="Dashboard description">');
    const staging = await get('/?flavour=premium', { host: 'staging.murmur.test' });
    expect(staging.body).toContain('Premium description');
  });

  it('preloads the lazy chunks of an entry route on its path only, and in its flavour only', async () => {
    const login = await get('/login?next=%2Facme', { host: 'localhost:3000' });
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/login-1.js">');
    expect(login.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/login-1.css">');
    expect(login.body).toContain('/assets/dashboard-1.js');
    expect((await get('/login/x', { host: 'localhost:3000' })).body).toContain('/assets/login-1.js');
    for (const [url, host] of [
      ['/acme/login', 'localhost:3000'],
      ['/', 'localhost:3000'],
      ['/login', 'pro.localhost'],
    ] as const) {
      const res = await get(url, { host });
      expect(res.body, `${host}${url}`).not.toContain('login-1');
    }
    const pro = await get('/', { host: 'pro.localhost' });
    expect(pro.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js">');
    expect((await get('/about', { host: 'pro.localhost' })).body).not.toContain('home-1.js');
  });

  it('is never the raw index.html', async () => {
    const res = await get('/index.html', { host: 'premium.localhost', 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('Premium description');
  });
});

describe('sitemap.xml', () => {
  it('lists the pro site’s public pages on its own origin', async () => {
    const res = await get('/sitemap.xml', { host: 'pro.localhost:3000' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain('<loc>http://pro.localhost:3000/about</loc>');
  });

  it('does not exist on the dashboard', async () => {
    expect((await get('/sitemap.xml', { host: 'localhost:3000' })).statusCode).toBe(404);
  });
});

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ] as const)('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('the web app’s source maps', () => {
  async function webApp(isProduction: boolean): Promise<FastifyInstance> {
    writeFileSync(join(dist, 'assets/app-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
    const scoped = Fastify();
    await registerWeb(scoped, dist, { isProduction });
    await scoped.ready();
    return scoped;
  }

  it('are not served in production: 404, not the page fallback', async () => {
    const prod = await webApp(true);
    const map = await prod.inject({ url: '/assets/app-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    expect((await prod.inject({ url: '/assets/missing.js.map' })).statusCode).toBe(404);
    expect((await prod.inject({ url: '/assets/app-abc123.js.map?x=1' })).statusCode).toBe(404);
    // The bundle itself and the pages still are.
    expect((await prod.inject({ url: '/assets/app-abc123.js' })).statusCode).toBe(200);
    expect((await prod.inject({ url: '/acme/campaigns' })).statusCode).toBe(200);
    await prod.close();
  });

  it('are served in development (the browser’s debugger reads them)', async () => {
    const dev = await webApp(false);
    const map = await dev.inject({ url: '/assets/app-abc123.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('secret.ts');
    await dev.close();
  });
});
