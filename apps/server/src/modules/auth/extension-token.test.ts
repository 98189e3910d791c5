import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceUsage, Team } from '@murmur/core/api';
import { TEST_TOKENS, createTestApp, type TestApp, type TestSession } from '../../test/test-app';

// SPEC §6's extension token kind (docs/API.md "Authentication"): issued to the signed-in page for the
// X Pro Targeting extension, tied to the session or personal token that asked for it, reaching only
// the custom-audience check and the usage record.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const issue = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/user/extension-token/', headers });

async function tokenOf(headers: Record<string, string>): Promise<string> {
  const res = await issue(headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

const auth = (token: string) => ({ authorization: `Token ${token}` });
const USAGE = {
  ad_account_id: '18ce54d4x5t',
  state: 'applied',
  targeting_package: { handles: [{ handle: 'murmur' }] },
  countries: ['JP'],
};
const record = (headers: Record<string, string>, body: object = USAGE) =>
  t.app.inject({ method: 'POST', url: '/api/external/audience-usages/', headers, payload: body });
const check = (headers: Record<string, string>, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/external/check-custom-audiences/', headers, payload: body });
const usagesOf = async (s: TestSession) =>
  (await t.app.inject({ url: '/api/external/audience-usages/', headers: s.tokenAuth })).json<
    AudienceUsage[]
  >();

describe('issuing an extension token', () => {
  it('gives a signed-in session or personal token a prefixed token, and signed-out callers a 403', async () => {
    const s = await t.signIn('xt-issue@example.com');
    expect(await tokenOf(s.cookieAuth)).toMatch(/^xpt\.[A-Za-z0-9_-]{43}$/);
    expect(await tokenOf(s.tokenAuth)).toMatch(/^xpt\./);
    const signedOut = await issue({});
    expect(signedOut.statusCode).toBe(403);
    expect(signedOut.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('needs the CSRF header with the session cookie', async () => {
    const s = await t.signIn('xt-csrf@example.com');
    const res = await issue({ cookie: s.cookieAuth.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
  });

  it('is not issued to an extension token nor to the fixed client tokens', async () => {
    const s = await t.signIn('xt-self@example.com');
    const token = await tokenOf(s.tokenAuth);
    expect((await issue(auth(token))).statusCode).toBe(403);
    expect((await issue(auth(TEST_TOKENS.extension))).statusCode).toBe(403);
  });

  it('replaces the token the same credential was issued before, and only that one', async () => {
    const s = await t.signIn('xt-rotate@example.com');
    const first = await tokenOf(s.cookieAuth);
    const other = await tokenOf(s.tokenAuth);
    expect((await record(auth(first))).statusCode).toBe(201);
    const second = await tokenOf(s.cookieAuth);
    expect(second).not.toBe(first);
    const stale = await record(auth(first));
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ detail: 'Invalid token.' });
    expect((await record(auth(second))).statusCode).toBe(201);
    // The personal token's extension token is its own.
    expect((await record(auth(other))).statusCode).toBe(201);
  });
});

describe('what an extension token reaches', () => {
  it('records a usage as its user, with no CSRF header, and checks custom audiences as its user', async () => {
    const s = await t.signIn('xt-reach@example.com');
    const token = await tokenOf(s.cookieAuth);
    const recorded = await record(auth(token));
    expect(recorded.statusCode, recorded.body).toBe(201);
    const usage = recorded.json<AudienceUsage>();
    expect(usage).toMatchObject({ state: 'applied', ad_account_id: '18ce54d4x5t', countries: ['JP'] });
    expect((await usagesOf(s)).map((u) => u.id)).toContain(usage.id);
    // Reaches the check (this user has no X connection, so X access is refused with the route's 400).
    const checked = await check(auth(token), { ad_account_id: '18ce54d4x5t', custom_audience_names: ['A'] });
    expect(checked.statusCode).toBe(400);
    expect(checked.json()).toEqual({ ad_account_id: ['You do not have access to this ad account on X.'] });
  });

  it('reaches nothing else: user, team, usage list and other routes answer 403', async () => {
    const s = await t.signIn('xt-scope@example.com');
    const token = await tokenOf(s.cookieAuth);
    const denied = { detail: 'This extension token does not reach this endpoint.' };
    for (const [method, url] of [
      ['GET', '/api/user/me/'],
      ['GET', '/api/user/accounts/'],
      ['GET', '/api/external/audience-usages/'],
      ['GET', '/api/teams/'],
      ['POST', '/api/teams/'],
      ['GET', '/api/audience-configs/'],
      ['POST', '/rest-auth/logout/'],
      ['POST', '/rest-auth/login-via-token/'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: auth(token), payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual(denied);
    }
    // It cannot be exchanged for a browser session either (it is no personal token).
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/login-via-token/',
      payload: { token },
    });
    expect(exchanged.statusCode).toBe(400);
    expect(exchanged.cookies).toEqual([]);
    // Still usable after all those refusals.
    expect((await record(auth(token))).statusCode).toBe(201);
  });

  it("never reaches another user's team", async () => {
    const owner = await t.signIn('xt-owner@example.com');
    const team = (
      await t.app.inject({
        method: 'POST',
        url: '/api/teams/',
        headers: owner.tokenAuth,
        payload: { name: 'Owner Only' },
      })
    ).json<Team>();
    const stranger = await t.signIn('xt-stranger@example.com');
    const token = await tokenOf(stranger.cookieAuth);
    const res = await record(auth(token), { ...USAGE, team: team.slug });
    expect(res.statusCode).toBe(404);
    expect(await usagesOf(owner)).toEqual([]);
    // The owner's own extension token records into the team.
    const own = await record(auth(await tokenOf(owner.cookieAuth)), { ...USAGE, team: team.slug });
    expect(own.statusCode, own.body).toBe(201);
    expect(await usagesOf(stranger)).toEqual([]);
  });

  it('answers bad input with 400 field errors, never 500', async () => {
    const s = await t.signIn('xt-bad@example.com');
    const token = await tokenOf(s.cookieAuth);
    const noAccount = await record(auth(token), { ...USAGE, ad_account_id: undefined });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json()).toEqual({ non_field_errors: ['No ad account id provided'] });
    for (const body of [
      { ...USAGE, state: 'deleted' },
      { ...USAGE, countries: 'JP' },
      { ...USAGE, targeting_package: 'all' },
    ]) {
      expect((await record(auth(token), body)).statusCode).toBe(400);
    }
    expect((await check(auth(token), { ad_account_id: 'x', custom_audience_names: 'A' })).statusCode).toBe(
      400,
    );
    expect(
      (await check(auth(token), { custom_audience_names: Array.from({ length: 101 }, () => 'A') }))
        .statusCode,
    ).toBe(400);
  });

  it('an unknown or malformed extension token is refused like any stale token', async () => {
    for (const token of ['xpt.unknown', 'xpt.', `xpt.${'A'.repeat(43)}`]) {
      const res = await record(auth(token));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'Invalid token.' });
    }
  });

  it('the fixed extension token still reaches only the public catalogue', async () => {
    const fixed = auth(TEST_TOKENS.extension);
    expect((await record(fixed)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user/me/', headers: fixed })).statusCode).toBe(403);
  });
});

describe('an extension token ends with the credential that issued it', () => {
  it('logout of the session ends its extension token at once (cached or not), and the sign-in token’s', async () => {
    const s = await t.signIn('xt-logout@example.com');
    const bySession = await tokenOf(s.cookieAuth);
    const byToken = await tokenOf(s.tokenAuth);
    for (let i = 0; i < 2; i++) expect((await record(auth(bySession))).statusCode).toBe(201);
    expect((await record(auth(byToken))).statusCode).toBe(201);
    const out = await t.app.inject({ method: 'POST', url: '/rest-auth/logout/', headers: s.cookieAuth });
    expect(out.statusCode).toBe(200);
    expect((await record(auth(bySession))).statusCode).toBe(403);
    // The sign-in's personal token belongs to the session and ended with it (docs/API.md "Sessions and tokens").
    expect((await record(auth(byToken))).statusCode).toBe(403);
  });

  it('logout with the personal token ends its extension token', async () => {
    const s = await t.signIn('xt-logout-token@example.com');
    const byToken = await tokenOf(s.tokenAuth);
    expect((await record(auth(byToken))).statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: '/rest-auth/logout/', headers: s.tokenAuth })).statusCode,
    ).toBe(200);
    expect((await record(auth(byToken))).statusCode).toBe(403);
  });

  it('a new sign-in in the browser ends the old session’s extension token', async () => {
    const first = await t.signIn('xt-again@example.com');
    const token = await tokenOf(first.cookieAuth);
    expect((await record(auth(token))).statusCode).toBe(201);
    await t.signIn('xt-again@example.com', first.cookieAuth);
    expect((await record(auth(token))).statusCode).toBe(403);
  });

  it('expires with its session', async () => {
    const s = await t.signIn('xt-expiry@example.com');
    const token = await tokenOf(s.cookieAuth);
    expect((await record(auth(token))).statusCode).toBe(201);
    const fortnight = 14 * 24 * 60 * 60 * 1000 + 1000;
    t.clock.advance(fortnight);
    try {
      expect((await record(auth(token))).statusCode).toBe(403);
    } finally {
      t.clock.advance(-fortnight);
    }
  });
});
