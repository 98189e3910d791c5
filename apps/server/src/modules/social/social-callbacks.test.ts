import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateNetwork, SANDBOX_DEV_CREDENTIALS } from '@murmur/sandbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isOwnCallback, premiumOrigin, siteOrigins, socialCallbacks } from './social-callbacks';

/** Sign-in never sends the browser off our site: not through X's callback, not through the sandbox. */

let t: TestApp;
const ORIGIN = 'https://murmur.test';

beforeAll(async () => {
  t = await createTestApp(
    { publicUrl: ORIGIN },
    { sandbox: generateNetwork({ accounts: 200, seed: 'social-callbacks' }) },
  );
});
afterAll(() => t.close());

describe('social sign-in callbacks', () => {
  it('knows a callback on PUBLIC_URL from one elsewhere', () => {
    expect(isOwnCallback(`${ORIGIN}/login/twitter`, ORIGIN)).toBe(true);
    // The premium suite (Deep Thought) signs in with X on its own host.
    expect(isOwnCallback('https://premium.murmur.test/login/twitter', ORIGIN)).toBe(true);
    for (const other of [
      'https://premium.murmur.test.evil.example/login/twitter',
      'http://premium.murmur.test/login/twitter',
      'https://elsewhere/',
      'https://murmur.test.evil.example/login/twitter',
      'http://murmur.test/login/twitter',
      'https://murmur.test:8443/login/twitter',
      'not a url',
    ])
      expect(isOwnCallback(other, ORIGIN), other).toBe(false);
  });

  it('takes a development server at http://127.0.0.1:PORT, which it prints, as PUBLIC_URL http://localhost:PORT', () => {
    const local = 'http://localhost:3000';
    expect(siteOrigins(local)).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(isOwnCallback('http://127.0.0.1:3000/login/twitter', local)).toBe(true);
    expect(isOwnCallback('http://[::1]:3000/login/twitter', local)).toBe(true);
    expect(socialCallbacks(local).google).toContain('http://127.0.0.1:3000/login/google');
    expect(socialCallbacks(local).xOAuth2).toContain('http://127.0.0.1:3000/login/twitter_oauth2');
    // Another port, another scheme, or a public host are still someone else's.
    for (const other of [
      'http://127.0.0.1:3001/login/twitter',
      'https://127.0.0.1:3000/login/twitter',
      'http://127.0.0.2:3000/login/twitter',
    ])
      expect(isOwnCallback(other, local), other).toBe(false);
    expect(siteOrigins(ORIGIN)).toEqual([ORIGIN]);
    expect(isOwnCallback('http://127.0.0.1/login/twitter', ORIGIN)).toBe(false);
  });

  it('registers the premium host’s /login/twitter with X', () => {
    expect(premiumOrigin('http://localhost:3000')).toBe('http://premium.localhost:3000');
    expect(socialCallbacks(ORIGIN).x).toEqual([
      `${ORIGIN}/login/twitter`,
      'https://premium.murmur.test/login/twitter',
    ]);
  });

  it('refuses an oauth_callback off PUBLIC_URL with 400 before asking X for a token', async () => {
    for (const callback of ['https://elsewhere/', 'https://murmur.test.evil.example/login/twitter']) {
      const res = await t.app.inject({
        url: `/rest-auth/twitter/request_token/?oauth_callback=${encodeURIComponent(callback)}`,
      });
      expect([res.statusCode, res.json()], callback).toEqual([
        400,
        { oauth_callback: ['The callback URL must be on this site.'] },
      ]);
    }
  });

  it.each([
    ['google', `/sandbox/google/o/oauth2/v2/auth`, SANDBOX_DEV_CREDENTIALS.google.clientId, 'openid'],
    ['facebook', `/sandbox/facebook/v19.0/dialog/oauth`, SANDBOX_DEV_CREDENTIALS.facebook.clientId, 'email'],
    [
      'linkedin',
      `/sandbox/linkedin/oauth/v2/authorization`,
      SANDBOX_DEV_CREDENTIALS.linkedin.clientId,
      'openid',
    ],
    ['twitter_oauth2', `/sandbox/x/i/oauth2/authorize`, SANDBOX_DEV_CREDENTIALS.x.clientId, 'users.read'],
  ])(
    "the mounted sandbox's %s stand-in accepts only PUBLIC_URL/login/%s",
    async (provider, path, clientId, scope) => {
      const page = (redirect: string) =>
        t.app.inject({
          url: `${path}?${new URLSearchParams({
            client_id: clientId,
            redirect_uri: redirect,
            response_type: 'code',
            scope,
            state: 's',
            code_challenge: 'c',
            code_challenge_method: 'plain',
          }).toString()}`,
        });
      expect((await page(`${ORIGIN}/login/${provider}`)).statusCode).toBe(200);
      const foreign = await page(`https://elsewhere/login/${provider}`);
      expect([foreign.statusCode, foreign.headers.location]).toEqual([400, undefined]);
    },
  );
});
