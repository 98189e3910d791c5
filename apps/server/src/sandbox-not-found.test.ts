import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateNetwork } from '@murmur/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * With a built web app the server owns a catch-all GET (its SPA fallback, whose unknown server
 * paths get Murmur's `{detail}`); unknown paths under the sandbox's X API and Ads API still answer
 * with X's own error bodies.
 */
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'murmur-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  const network = generateNetwork({ accounts: 300, seed: 'sandbox-not-found', historyDays: 8 });
  t = await createTestApp({ webDist }, { sandbox: network });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('unknown paths under the sandbox', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)('%s /sandbox/x/2/… → X API v2 404 body', async (method) => {
    for (const url of ['/sandbox/x/2/nothing/here', '/sandbox/x/2/users/1/nothing?x=1']) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      // The document's Problem (resource-not-found) with X's legacy error inside, as the sandbox alone answers.
      expect(res.json()).toMatchObject({
        errors: [{ message: 'Sorry, that page does not exist', code: 34 }],
        type: 'https://api.x.com/2/problems/resource-not-found',
        title: 'Not Found Error',
        status: 404,
        detail: 'Sorry, that page does not exist',
        resource_type: 'endpoint',
      });
    }
  });

  it('HEAD /sandbox/x/2/… is a 404 too', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/sandbox/x/2/nothing' });
    expect(res.statusCode).toBe(404);
  });

  it.each(['GET', 'POST'] as const)('%s /sandbox/ads/12/… → Ads API error body', async (method) => {
    const res = await t.app.inject({ method, url: '/sandbox/ads/12/nothing/here' });
    // Every Ads API path needs an authenticated user first; its error shape is X's either way.
    expect([401, 404]).toContain(res.statusCode);
    const body = res.json<{ errors: { code: string }[]; request: unknown }>();
    expect(body.errors[0]!.code).toMatch(/^(ROUTE_NOT_FOUND|UNAUTHORIZED_ACCESS)$/);
    expect(body).toHaveProperty('request');
  });

  it('keeps the web app fallback and Murmur 404s outside the sandbox', async () => {
    expect((await t.app.inject({ url: '/acme/campaigns' })).statusCode).toBe(200);
    const api = await t.app.inject({ url: '/api/nothing-here/' });
    expect(api.json()).toEqual({ detail: 'Not found.' });
  });
});
