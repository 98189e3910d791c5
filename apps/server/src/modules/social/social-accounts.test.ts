import { describe, expect, it } from 'vitest';
import type { User } from '@murmur/core/api';
import { useSocialTestApp } from './social-test-kit';

/** Connecting a social account (Google's code flow) to a signed-in user, and disconnecting it. */
const t = useSocialTestApp();

describe('Google code flow, connect and disconnect', () => {
  let googleAccountId: number;

  it('connects a Google account to the signed-in user, then signs in with it', async () => {
    const connected = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/connect/',
      headers: t.ann.tokenAuth,
      payload: await t.googleCode(1),
    });
    expect(connected.statusCode).toBe(200);
    const accounts = connected.json<User>().social_accounts;
    expect(accounts).toEqual([{ id: expect.any(Number) as number, provider: 'google' }]);
    googleAccountId = accounts[0]!.id;

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/',
      payload: await t.googleCode(1),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ user: User }>().user.id).toBe(t.ann.user.id);
  });

  it('refuses to connect an account that belongs to someone else', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/connect/',
      headers: t.bob.tokenAuth,
      payload: await t.googleCode(1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['This social account is already connected to a different user.'],
    });
  });

  it('registers a new user with the verified Google address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/',
      payload: await t.googleCode(2),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user.email).toMatch(/@example\.com$/);
  });

  it('needs a signed-in user to connect, and CSRF with cookies', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/connect/',
      payload: { code: 'x', redirect_uri: `${t.origin}/login/google` },
    });
    expect(anonymous.statusCode).toBe(403);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/connect/',
      headers: { cookie: t.ann.cookieAuth.cookie },
      payload: { code: 'x', redirect_uri: `${t.origin}/login/google` },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('rejects a wrong code with the provider named', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/',
      payload: { code: 'wrong', redirect_uri: `${t.origin}/login/google` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Could not sign in with google. Please try again.'] });
  });

  it("answers 404 for another user's social account and disconnects one's own", async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/socialaccounts/${googleAccountId}/disconnect/`,
      headers: t.bob.tokenAuth,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/socialaccounts/99999999999/disconnect/',
      headers: t.ann.tokenAuth,
    });
    expect(unknown.statusCode).toBe(404);

    const own = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/socialaccounts/${googleAccountId}/disconnect/`,
      headers: t.ann.cookieAuth,
    });
    expect(own.statusCode).toBe(200);
    expect((await t.me(t.ann.tokenAuth)).social_accounts).toEqual([]);
    const list = await t.app.inject({ url: '/rest-auth/socialaccounts/', headers: t.ann.tokenAuth });
    expect(list.json()).toEqual([]);
    expect((await t.app.inject({ url: '/rest-auth/socialaccounts/' })).statusCode).toBe(403);
  });
});
