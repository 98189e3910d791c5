import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../config';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/oidc-test-provider';
import { createTestApp, type TestApp } from '../../test/test-app';

// Single sign-on (docs/SSO-AND-AUDIT.md): a sign-in start reads the provider's discovery document,
// so starts are limited per address (SOCIAL_STARTS_PER_IP per 15 minutes, shared with the social
// sign-in), answered 429 in SPEC §8's shape with Retry-After; the real OIDC provider of the tests is
// behind the team.

const CALLBACK = 'https://murmur.test/api/auth/sso/callback';
const LIMIT = 3;
let t: TestApp;
let idp: TestOidcProvider;

beforeAll(async () => {
  [t, idp] = await Promise.all([
    createTestApp({ limits: { ...DEFAULT_LIMITS, signInCodesPerIp: 1000, socialStartsPerIp: LIMIT } }),
    startTestOidcProvider(CALLBACK),
  ]);
  const admin = await t.signIn('admin@example.com');
  const team = await t.app.inject({
    method: 'POST',
    url: '/api/teams/',
    headers: admin.tokenAuth,
    payload: { name: 'Acme' },
  });
  expect(team.statusCode).toBe(201);
  const sso = await t.app.inject({
    method: 'PUT',
    url: '/api/teams/acme/sso/',
    headers: admin.tokenAuth,
    payload: {
      enabled: true,
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      domains: ['acme.example'],
      level: 'member',
    },
  });
  expect(sso.statusCode, sso.body).toBe(200);
});
afterAll(async () => {
  await idp.close();
  await t.close();
});

const start = (remoteAddress: string) => t.app.inject({ url: '/api/auth/sso/acme/start', remoteAddress });

describe('SSO sign-in rate limit', () => {
  it('refuses the starts from one address beyond the limit with 429, Retry-After and {detail}', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const ok = await start('203.0.113.7');
      expect(ok.statusCode, ok.body).toBe(302);
      expect(ok.headers.location).toContain(idp.issuer);
    }
    const refused = await start('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ detail: string }>()).toEqual({
      detail: expect.stringMatching(
        /^Too many single sign-on attempts from your network\. Please try again in/,
      ) as string,
    });
  });

  it('does not hold another address back', async () => {
    const other = await start('198.51.100.20');
    expect(other.statusCode).toBe(302);
  });
});
