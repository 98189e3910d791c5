import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { PERMISSIONS_POLICY, securityHeaderOptions, securityHeaders } from './security';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('are helmet’s full set, computed once', () => {
    const headers = securityHeaders(securityHeaderOptions(false));
    expect(Object.keys(headers).sort()).toEqual([
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'permissions-policy',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]);
    const production = securityHeaders(securityHeaderOptions(true));
    expect(production['strict-transport-security']).toContain('max-age=');
    expect(production['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it.each([
    ['a public read', '/api/engine/status/'],
    ['a signed-out user route (403)', '/api/user/me/'],
    ['an unknown API path (404)', '/api/nothing/'],
  ])('are sent on %s', async (_name, url) => {
    const res = await t.app.inject({ url });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });

  it('deny powerful browser features on pages and API answers alike', async () => {
    for (const url of ['/api/engine/status/', '/api/docs/']) {
      const res = await t.app.inject({ url });
      const policy = String(res.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(policy, `${url} ${feature}`).toContain(`${feature}=()`);
    }
  });

  it('leave the document-only headers off JSON API answers and keep them on pages', async () => {
    const api = await t.app.inject({ url: '/api/engine/status/' });
    for (const name of [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-permitted-cross-domain-policies',
    ])
      expect(api.headers[name], name).toBeUndefined();
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['origin-agent-cluster']).toBe('?1');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
