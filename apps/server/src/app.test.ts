import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';
import { anyString } from './test/matchers';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'murmur-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('OpenAPI document', () => {
  it('is sent brotli-compressed to a client that accepts it, and the same document decoded', async () => {
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves a small API answer uncompressed', async () => {
    const res = await t.app.inject({ url: '/api/user/me/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('detail');
  });

  it('is served at /api/docs/json with every API route', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/user/magic-link/',
        '/api/user/magic-link/use/',
        '/api/external/personal-magic-link/magic/',
        '/api/external/standalone-me/standalone_me/',
        '/api/user/me/',
        '/api/user/granted-accounts/{pk}/',
        '/api/teams/',
        '/api/teams/{slug}/',
        '/api/teams/{team_id}/invites/accept/',
        '/api/teaminfo/{slug}/',
        '/rest-auth/logout/',
      ]),
    );
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
    expect(doc.paths['/api/user/magic-link/']).toHaveProperty('post.requestBody');
  });

  it('has a UI at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('unknown routes and bad requests (SPEC §8 shapes)', () => {
  it.each([
    ['GET', '/api/nothing-here/'],
    ['POST', '/api/nothing-here/'],
    ['GET', '/rest-auth/unknown/'],
    ['DELETE', '/api/user/me/'],
    ['GET', '/sandbox/unknown'],
  ] as const)('%s %s → 404 {detail}', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers malformed JSON and unsupported bodies with {detail}', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/magic-link/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toContain('JSON');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/user/magic-link/',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ detail: anyString });
  });

  it('accepts paths without the trailing slash', async () => {
    const res = await t.app.inject({ url: '/api/user/me' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses NUL characters in the query string', async () => {
    // Signed in: a route for signed-in users answers anyone else before reading the query.
    const { tokenAuth } = await t.signIn('nul-query@example.com');
    const res = await t.app.inject({ url: '/api/user/me/?x=%00', headers: tokenAuth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ x: ['Null characters are not allowed.'] });
  });
});

describe('web app hosting', () => {
  it('serves built files, caching fingerprinted assets for good', async () => {
    const asset = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it.each(['/', '/login', '/acme/campaigns', '/acme/invite-accept?code=abc', '/missing.png'])(
    'falls back to index.html for %s',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('sends security headers with a CSP that admits the SPA', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('explains how to build when WEB_DIST has no build', async () => {
    const bare = await createTestApp({ webDist: join(webDist, 'does-not-exist') });
    try {
      const res = await bare.app.inject({ url: '/acme/campaigns' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
      expect((await bare.app.inject({ url: '/api/nothing/' })).json()).toEqual({ detail: 'Not found.' });
    } finally {
      await bare.close();
    }
  });
});
