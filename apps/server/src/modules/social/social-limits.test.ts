import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../config';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: DEFAULT_LIMITS });
});
afterAll(() => t.close());

const challenge = (remoteAddress: string) =>
  t.app.inject({ url: '/rest-auth/twitter_oauth2_challenge/code-challenge/', remoteAddress });

describe('social sign-in starts per IP address (docs/API.md "Limits")', () => {
  it('limits X request tokens, X PKCE challenges and code exchanges together, per client', async () => {
    const client = '203.0.113.50';
    for (let i = 0; i < DEFAULT_LIMITS.socialStartsPerIp; i++) {
      expect((await challenge(client)).statusCode).toBe(200);
    }
    const refused = await challenge(client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(
        /^Too many social sign-in attempts from your network\. Please try again in 1[45] minutes\.$/,
      ) as unknown,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // The other starts share the count (refused before X or Google is called).
    const requestToken = await t.app.inject({
      url: '/rest-auth/twitter/request_token/?oauth_callback=https%3A%2F%2Fmurmur.test%2Flogin%2Ftwitter',
      remoteAddress: client,
    });
    expect(requestToken.statusCode).toBe(429);
    const google = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/',
      payload: { code: 'some-code', redirect_uri: 'https://murmur.test/login/google' },
      remoteAddress: client,
    });
    expect(google.statusCode).toBe(429);

    expect((await challenge('198.51.100.60')).statusCode).toBe(200);
  });
});
