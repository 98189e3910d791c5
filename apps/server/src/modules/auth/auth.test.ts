import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TOKENS, createTestApp, type TestApp, type TestSession } from '../../test/test-app';

let t: TestApp;
let alice: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice@example.com');
});
afterAll(() => t.close());

const SIGNED_OUT = { detail: 'Authentication credentials were not provided.' };
const CSRF_FAILED = { detail: 'CSRF Failed: CSRF token missing or incorrect.' };

describe('token authentication (SPEC §6)', () => {
  it('accepts the personal token returned by sign-in', async () => {
    const res = await t.app.inject({ url: '/api/user/me/', headers: alice.tokenAuth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: alice.user.id, email: 'alice@example.com' });
  });

  it('needs no CSRF header for token writes', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/',
      headers: alice.tokenAuth,
      payload: { first_name: 'Alice' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown token with 403 on user routes but lets public routes work', async () => {
    const headers = { authorization: 'Token not-a-real-token' };
    const me = await t.app.inject({ url: '/api/user/me/', headers });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual({ detail: 'Invalid token.' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/magic-link/',
      headers,
      payload: { email: 'alice@example.com' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('ignores other authorization schemes', async () => {
    const res = await t.app.inject({
      url: '/api/user/me/',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(SIGNED_OUT);
  });
});

describe('client tokens (extension, pro-targeting)', () => {
  it.each([
    ['extension', TEST_TOKENS.extension],
    ['pro-targeting', TEST_TOKENS.proTargeting],
  ])('the %s token reaches no user or team data', async (_name, token) => {
    const team = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: alice.tokenAuth,
      payload: { name: `Alice ${token}` },
    });
    const { id, slug } = team.json<{ id: number; slug: string }>();
    const headers = { authorization: `Token ${token}` };
    const reads = [
      '/api/user/me/',
      '/api/user/accounts/',
      '/api/user/granted-accounts/',
      '/api/external/standalone-me/standalone_me/',
      '/api/teams/',
      `/api/teams/${slug}/`,
      `/api/teams/${slug}/members/`,
      `/api/teams/${id}/accounts/`,
      `/api/teams/${id}/invites/`,
    ];
    for (const url of reads) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    const write = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/${slug}/`,
      headers,
      payload: { name: 'Hijacked' },
    });
    expect(write.statusCode).toBe(403);
    const invite = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${id}/invites/`,
      headers,
      payload: { emails: ['x@example.com'] },
    });
    expect(invite.statusCode).toBe(403);
    const after = await t.app.inject({ url: `/api/teams/${slug}/`, headers: alice.tokenAuth });
    expect(after.json<{ name: string }>().name).toBe(`Alice ${token}`);
  });

  it('does not accept a token that merely starts like a client token', async () => {
    const res = await t.app.inject({
      url: '/api/user/me/',
      headers: { authorization: `Token ${TEST_TOKENS.extension}x` },
    });
    expect(res.json()).toEqual({ detail: 'Invalid token.' });
  });
});

describe('session cookie and CSRF (docs/API.md)', () => {
  it('reads the user from the session cookie', async () => {
    const res = await t.app.inject({ url: '/api/user/me/', headers: { cookie: alice.cookieAuth.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'alice@example.com' });
  });

  it('refuses a cookie-authenticated write without the X-CSRFToken header', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/',
      headers: { cookie: alice.cookieAuth.cookie },
      payload: { last_name: 'Forged' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(CSRF_FAILED);
    const me = await t.app.inject({ url: '/api/user/me/', headers: alice.tokenAuth });
    expect(me.json<{ last_name: string }>().last_name).toBe('');
  });

  it('refuses a wrong X-CSRFToken, including the token of another session', async () => {
    const bob = await t.signIn('bob@example.com');
    for (const csrf of ['wrong', bob.csrfToken]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user/me/',
        headers: { cookie: alice.cookieAuth.cookie, 'x-csrftoken': csrf },
        payload: { last_name: 'Forged' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(CSRF_FAILED);
    }
  });

  it('accepts a cookie-authenticated write with the header', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/',
      headers: alice.cookieAuth,
      payload: { last_name: 'Liddell' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ last_name: 'Liddell' });
  });

  it('needs no CSRF header for reads, nor for signed-out writes', async () => {
    expect(
      (await t.app.inject({ url: '/api/user/me/', headers: { cookie: alice.cookieAuth.cookie } })).statusCode,
    ).toBe(200);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/user/magic-link/',
      headers: { cookie: 'murmur_session=expired-or-unknown' },
      payload: { email: 'alice@example.com' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('expires sessions after 14 days', async () => {
    const carol = await t.signIn('carol@example.com');
    t.clock.advance(14 * 24 * 60 * 60 * 1000 + 1000);
    const res = await t.app.inject({ url: '/api/user/me/', headers: { cookie: carol.cookieAuth.cookie } });
    expect(res.statusCode).toBe(403);
    // Tokens are not sessions: they stay valid until logout.
    expect((await t.app.inject({ url: '/api/user/me/', headers: carol.tokenAuth })).statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('GET /rest-auth/logout/ ends the session and clears the cookies', async () => {
    const dave = await t.signIn('dave@example.com');
    const res = await t.app.inject({
      url: '/rest-auth/logout/',
      headers: { cookie: dave.cookieAuth.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Successfully logged out.' });
    const cleared = res.cookies.filter((c) => ['murmur_session', 'csrftoken'].includes(c.name));
    expect(cleared).toHaveLength(2);
    for (const c of cleared) expect(c.value).toBe('');
    const me = await t.app.inject({ url: '/api/user/me/', headers: { cookie: dave.cookieAuth.cookie } });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual(SIGNED_OUT);
  });

  it('POST /rest-auth/logout/ needs the CSRF header with a cookie, then ends the session', async () => {
    const erin = await t.signIn('erin@example.com');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/logout/',
      headers: { cookie: erin.cookieAuth.cookie },
    });
    expect(forged.statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/user/me/', headers: { cookie: erin.cookieAuth.cookie } })).statusCode,
    ).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: '/rest-auth/logout/', headers: erin.cookieAuth });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/user/me/', headers: { cookie: erin.cookieAuth.cookie } })).statusCode,
    ).toBe(403);
  });

  it('with a token, revokes that token', async () => {
    const fay = await t.signIn('fay@example.com');
    const res = await t.app.inject({ method: 'POST', url: '/rest-auth/logout/', headers: fay.tokenAuth });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/user/me/', headers: fay.tokenAuth });
    expect(me.json()).toEqual({ detail: 'Invalid token.' });
  });

  it('succeeds when nobody is signed in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/rest-auth/logout/' });
    expect(res.statusCode).toBe(200);
  });

  it('signing in again replaces the previous session of the browser', async () => {
    const gus = await t.signIn('gus@example.com');
    const again = await t.signIn('gus@example.com', {
      cookie: gus.cookieAuth.cookie,
      'x-csrftoken': gus.csrfToken,
    });
    expect(again.sessionKey).not.toBe(gus.sessionKey);
    expect(
      (await t.app.inject({ url: '/api/user/me/', headers: { cookie: gus.cookieAuth.cookie } })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/user/me/', headers: { cookie: again.cookieAuth.cookie } })).statusCode,
    ).toBe(200);
  });
});

describe('POST /rest-auth/login-via-token/ (SPEC §7 Auth)', () => {
  it('turns a personal token into a browser session for its user', async () => {
    const gus = await t.signIn('gus@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/login-via-token/',
      payload: { token: gus.token },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ key: string; user: { email: string } }>();
    expect(body.user.email).toBe('gus@example.com');
    expect(body.key).not.toBe(gus.token);
    const session = res.cookies.find((c) => c.name === 'murmur_session');
    expect(session?.httpOnly).toBe(true);
    const me = await t.app.inject({ url: '/api/user/me/', cookies: { murmur_session: session!.value } });
    expect(me.json<{ email: string }>().email).toBe('gus@example.com');
  });

  it('refuses an unknown or blank token with a field error and sets no cookie', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/login-via-token/',
      payload: { token: 'not-a-token' },
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { token: ['Invalid token.'] }]);
    expect(wrong.cookies).toEqual([]);
    const blank = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/login-via-token/',
      payload: { token: ' ' },
    });
    expect(blank.statusCode).toBe(400);
  });
});
