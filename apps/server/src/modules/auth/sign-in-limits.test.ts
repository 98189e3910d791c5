import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../config';
import { createTestApp, type TestApp } from '../../test/test-app';

// The production limits (test-app raises them for the other files, which sign many users in).
let t: TestApp;
// A production server behind one load balancer (TRUST_PROXY=1): the address the balancer saw is
// the right-most X-Forwarded-For entry; whatever the client wrote to its left is not believed.
let behindProxy: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: DEFAULT_LIMITS });
  behindProxy = await createTestApp({ limits: DEFAULT_LIMITS, isProduction: true, trustProxy: 1 });
});
afterAll(() => Promise.all([t.close(), behindProxy.close()]));

const requestCode = (email: string, remoteAddress: string, url = '/api/user/magic-link/') =>
  t.app.inject({ method: 'POST', url, payload: { email }, remoteAddress });

describe('sign-in codes per IP address (docs/API.md "Limits")', () => {
  it('stops one client asking codes for 25 addresses, and not the next client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      // Both request paths count together.
      const url = i % 2 ? '/api/external/personal-magic-link/magic/' : '/api/user/magic-link/';
      statuses.push((await requestCode(`person${i}@example.com`, '203.0.113.7', url)).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(DEFAULT_LIMITS.signInCodesPerIp);
    expect(statuses.slice(DEFAULT_LIMITS.signInCodesPerIp).every((s) => s === 429)).toBe(true);
    // Codes were mailed only for the allowed requests.
    expect(t.mailer.sent.length).toBe(DEFAULT_LIMITS.signInCodesPerIp);

    const refused = await requestCode('one-more@example.com', '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(
        /^Too many sign-in codes were requested from your network\. Please try again in 1[45] minutes\.$/,
      ) as unknown,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    expect((await requestCode('neighbour@example.com', '198.51.100.4')).statusCode).toBe(200);
  });
});

describe('client addresses behind proxies (TRUST_PROXY)', () => {
  it('holds the limit when the client forges X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_LIMITS.signInCodesPerIp + 3; i++) {
      const res = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/user/magic-link/',
        payload: { email: `forger${i}@example.com` },
        remoteAddress: '10.0.0.2',
        // A new made-up address each time, then the one the balancer appended.
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.50` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(DEFAULT_LIMITS.signInCodesPerIp);
    expect(statuses.slice(DEFAULT_LIMITS.signInCodesPerIp).every((s) => s === 429)).toBe(true);
  });

  it('ignores X-Forwarded-For altogether when no proxy is trusted (the default)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_LIMITS.signInCodesPerIp + 1; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/magic-link/',
        payload: { email: `direct${i}@example.com` },
        remoteAddress: '192.0.2.77',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('sign-in codes for one address (docs/API.md "Sign-in")', () => {
  it('a stranger asking five codes for an address cannot lock its owner out', async () => {
    const victim = 'locked-out@example.com';
    for (let i = 0; i < 5; i++) expect((await requestCode(victim, '198.51.100.66')).statusCode).toBe(200);
    const refused = await requestCode(victim, '198.51.100.66');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^Too many sign-in codes requested for this address\. Please try again in 1[45] minutes\.$/,
    );
    // The owner, from their own network, still gets a code.
    expect((await requestCode(victim, '192.0.2.200')).statusCode).toBe(200);
  });
});
