import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateNetwork } from '@murmur/sandbox';
import { createTestApp, type TestApp, type TestSession } from '../test/test-app';

let t: TestApp;
let ann: TestSession;

beforeAll(async () => {
  t = await createTestApp({}, { sandbox: generateNetwork({ accounts: 200, seed: 'cache-control' }) });
  ann = await t.signIn('ann@example.com');
});
afterAll(() => t.close());

describe('Cache-Control', () => {
  it.each([
    ['GET', '/api/user/me/', 'a signed-in user'],
    ['GET', '/api/user/me', 'without the trailing slash'],
    ['GET', '/api/teams/', "the user's teams"],
    ['GET', '/api/user/me/', 'a 403 when signed out'],
    ['GET', '/rest-auth/socialaccounts/', 'social accounts'],
    ['GET', '/rest-auth/twitter_oauth2_challenge/code-challenge/', 'a PKCE verifier'],
    ['GET', '/api/audience-configs/', 'audience configs'],
    ['GET', '/api/jobs/1/', 'a job (404)'],
    ['GET', '/api/no-such-route/', 'an unknown API path'],
    ['GET', '/sandbox/', 'the sandbox'],
  ])('is no-store on %s %s (%s)', async (method, url, who) => {
    const headers = who.includes('signed out') ? {} : ann.tokenAuth;
    const res = await t.app.inject({ method: method as 'GET', url, headers });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on sign-in answers, which carry the token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/magic-link/',
      payload: { email: 'bob@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps a header a route sets on purpose (public sandbox avatars)', async () => {
    const id = generateNetwork({ accounts: 200, seed: 'cache-control' }).accounts.ids[0]!.toString();
    const res = await t.app.inject({ url: `/sandbox/x/profile_images/${id}_normal.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('leaves pages of the web app alone', async () => {
    const res = await t.app.inject({ url: '/login' });
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
