import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '@murmur/core/api';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';

// docs/API.md "Sessions and tokens": sliding ends, last use, a sign-in's token ending with its
// session, a token never opening what outlives it, and the user's own list and revocations.

const DAY = 24 * 60 * 60 * 1000;
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/user/me/', headers });
const list = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ url: '/api/user/credentials/', headers });
  expect(res.statusCode).toBe(200);
  return res.json<Credentials>();
};
const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload && { payload }) });
const del = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'DELETE', url, headers });
/** Lets the last-use write (made without waiting) land before the next step. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

async function loginViaToken(s: TestSession): Promise<TestSession> {
  const res = await post('/rest-auth/login-via-token/', {}, { token: s.token });
  expect(res.statusCode).toBe(200);
  const key = res.json<{ key: string }>().key;
  const sessionKey = res.cookies.find((c) => c.name === 'murmur_session')!.value;
  const csrfToken = res.cookies.find((c) => c.name === 'csrftoken')!.value;
  return {
    ...s,
    token: key,
    tokenAuth: { authorization: `Token ${key}` },
    cookieAuth: { cookie: `murmur_session=${sessionKey}; csrftoken=${csrfToken}`, 'x-csrftoken': csrfToken },
    sessionKey,
    csrfToken,
  };
}

describe('sessions and tokens end when unused (sliding)', () => {
  it('a session used within its idle lifetime lives on; one left idle ends', async () => {
    const s = await t.signIn('slide@example.com');
    for (let i = 0; i < 3; i++) {
      t.clock.advance(10 * DAY); // 30 days in all, more than the 14-day idle lifetime
      expect((await me(s.cookieAuth)).statusCode).toBe(200);
      await settle();
    }
    t.clock.advance(15 * DAY);
    expect((await me(s.cookieAuth)).statusCode).toBe(403);
  });

  it('an expired personal token is refused, however it was cached', async () => {
    const s = await t.signIn('token-idle@example.com');
    expect((await me(s.tokenAuth)).statusCode).toBe(200);
    t.clock.advance(31 * DAY);
    const res = await me(s.tokenAuth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Invalid token.' });
  });

  it('no use takes a credential past its absolute maximum (90 days)', async () => {
    const s = await t.signIn('max@example.com');
    for (let day = 0; day < 88; day += 8) {
      t.clock.advance(8 * DAY);
      expect((await me(s.tokenAuth)).statusCode).toBe(200);
      await settle();
    }
    t.clock.advance(3 * DAY);
    expect((await me(s.tokenAuth)).statusCode).toBe(403);
  });
});

describe('a sign-in’s credentials end together', () => {
  it('logout with the cookie ends the sign-in’s token, and logout with the token ends the session', async () => {
    const a = await t.signIn('pair@example.com');
    await me(a.tokenAuth);
    expect((await post('/rest-auth/logout/', a.cookieAuth)).statusCode).toBe(200);
    expect((await me(a.tokenAuth)).statusCode).toBe(403);

    const b = await t.signIn('pair@example.com');
    await me(b.cookieAuth);
    expect((await post('/rest-auth/logout/', b.tokenAuth)).statusCode).toBe(200);
    expect((await me(b.cookieAuth)).statusCode).toBe(403);
  });

  it('a token cannot open a session or mint a token that outlives it', async () => {
    const minter = await t.signIn('minter@example.com');
    const child = await loginViaToken(minter);
    expect((await me(child.tokenAuth)).statusCode).toBe(200);
    // Revoking the minter (its whole sign-in) ends what it opened.
    expect((await post('/rest-auth/logout/', minter.tokenAuth)).statusCode).toBe(200);
    expect((await me(child.tokenAuth)).statusCode).toBe(403);
    expect((await me(child.cookieAuth)).statusCode).toBe(403);
  });

  it('a token-minted credential never ends after its minter’s end', async () => {
    const minter = await t.signIn('minter-end@example.com');
    t.clock.advance(20 * DAY); // the minter (30-day idle token) has 10 days left
    const child = await loginViaToken(minter);
    const [token] = (await list(child.tokenAuth)).tokens.filter((c) => c.current);
    const minterEnd = t.clock.now().getTime() + 10 * DAY;
    expect(new Date(token!.expires_at).getTime()).toBeLessThanOrEqual(minterEnd + 60_000);
    t.clock.advance(11 * DAY);
    expect((await me(child.tokenAuth)).statusCode).toBe(403);
  });
});

describe('my sessions and tokens (GET/DELETE/POST /api/user/credentials/…)', () => {
  it('lists them with the current one marked and where it was last used', async () => {
    const s = await t.signIn('list@example.com', { 'user-agent': CHROME_MAC });
    const other = await t.signIn('list@example.com');
    const { sessions, tokens } = await list({ ...s.cookieAuth, 'user-agent': CHROME_MAC });
    expect(sessions).toHaveLength(2);
    const current = sessions.filter((c) => c.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ last_used_agent: 'Chrome on macOS', last_used_ip: '127.0.0.1' });
    expect(current[0]!.last_used_at).not.toBeNull();
    expect(tokens.filter((c) => c.current)).toEqual([expect.objectContaining({ session: current[0]!.id })]);
    expect(JSON.stringify({ sessions, tokens })).not.toContain(s.token);
    expect(JSON.stringify({ sessions, tokens })).not.toContain(other.sessionKey);
  });

  it('revokes one session (and its token) at once', async () => {
    const keep = await t.signIn('revoke-one@example.com');
    const gone = await t.signIn('revoke-one@example.com');
    await me(gone.cookieAuth);
    await me(gone.tokenAuth);
    const target = (await list(gone.cookieAuth)).sessions.find((c) => c.current)!;
    expect((await del(`/api/user/credentials/sessions/${target.id}/`, keep.cookieAuth)).statusCode).toBe(204);
    expect((await me(gone.cookieAuth)).statusCode).toBe(403);
    expect((await me(gone.tokenAuth)).statusCode).toBe(403);
    expect((await me(keep.cookieAuth)).statusCode).toBe(200);
  });

  it('revokes one token', async () => {
    const s = await t.signIn('revoke-token@example.com');
    await me(s.tokenAuth);
    const token = (await list(s.tokenAuth)).tokens.find((c) => c.current)!;
    expect((await del(`/api/user/credentials/tokens/${token.id}/`, s.cookieAuth)).statusCode).toBe(204);
    expect((await me(s.tokenAuth)).statusCode).toBe(403);
    expect((await me(s.cookieAuth)).statusCode).toBe(200);
  });

  it('answers 404 for another user’s session or token, and leaves it alone', async () => {
    const owner = await t.signIn('owner@example.com');
    const stranger = await t.signIn('stranger@example.com');
    const { sessions, tokens } = await list(owner.cookieAuth);
    for (const url of [
      `/api/user/credentials/sessions/${sessions[0]!.id}/`,
      `/api/user/credentials/tokens/${tokens[0]!.id}/`,
      '/api/user/credentials/sessions/999999/',
    ]) {
      const res = await del(url, stranger.cookieAuth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await me(owner.cookieAuth)).statusCode).toBe(200);
    expect((await me(owner.tokenAuth)).statusCode).toBe(200);
  });

  it('signs out everywhere else, keeping this browser and its token', async () => {
    const here = await t.signIn('others@example.com');
    const there = await t.signIn('others@example.com');
    const opened = await loginViaToken(here);
    for (const h of [there.cookieAuth, there.tokenAuth, opened.cookieAuth]) await me(h);
    expect((await post('/api/user/credentials/revoke-others/', here.cookieAuth)).statusCode).toBe(204);
    for (const h of [there.cookieAuth, there.tokenAuth, opened.cookieAuth, opened.tokenAuth]) {
      expect((await me(h)).statusCode).toBe(403);
    }
    expect((await me(here.cookieAuth)).statusCode).toBe(200);
    expect((await me(here.tokenAuth)).statusCode).toBe(200);
    const { sessions, tokens } = await list(here.cookieAuth);
    expect([sessions.length, tokens.length]).toEqual([1, 1]);
  });

  it('a token opened by another one, signing out everywhere else, keeps working', async () => {
    const first = await t.signIn('others-child@example.com');
    const child = await loginViaToken(first);
    expect((await post('/api/user/credentials/revoke-others/', child.tokenAuth)).statusCode).toBe(204);
    expect((await me(first.tokenAuth)).statusCode).toBe(403);
    expect((await me(child.tokenAuth)).statusCode).toBe(200);
    expect((await me(child.cookieAuth)).statusCode).toBe(200);
  });

  it('signs out everywhere, this browser included', async () => {
    const a = await t.signIn('all@example.com');
    const b = await t.signIn('all@example.com');
    await me(a.cookieAuth);
    await me(b.tokenAuth);
    const res = await post('/api/user/credentials/revoke-all/', a.cookieAuth);
    expect(res.statusCode).toBe(204);
    for (const h of [a.cookieAuth, a.tokenAuth, b.cookieAuth, b.tokenAuth]) {
      expect((await me(h)).statusCode).toBe(403);
    }
  });

  it('refuses the signed out before reading anything', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/credentials/'],
      ['DELETE', '/api/user/credentials/sessions/not-a-number/'],
      ['POST', '/api/user/credentials/revoke-others/'],
      ['POST', '/api/user/credentials/revoke-all/'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(403);
    }
  });
});
