import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceConfig, AudienceConfigList } from '@murmur/core/api';
import { proTargetingTokens, userTokens } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { codeFromMail, createTestApp, TEST_TOKENS, type TestApp } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { PRO_TOKEN_PREFIX, proTokenReaches } from './pro-tokens';

let t: TestApp;
beforeAll(async () => {
  const network = await testNetwork();
  t = await createTestApp({}, { engine: network.holder });
});
afterAll(() => t.close());

/** The pro-targeting site's sign-in: the emailed code exchanged on its own path. */
async function proSignIn(email: string) {
  const requested = await t.app.inject({
    method: 'POST',
    url: '/api/external/personal-magic-link/magic/',
    payload: { email },
  });
  expect(requested.statusCode).toBe(200);
  const used = await t.app.inject({
    method: 'POST',
    url: '/api/external/personal-magic-link/use/',
    payload: {
      magic_code: requested.json<{ magic_code: string }>().magic_code,
      confirm_code: codeFromMail(t.mailer.last(email).text),
    },
  });
  expect(used.statusCode).toBe(200);
  const { key, user } = used.json<{ key: string; user: { id: number; email: string } }>();
  return { used, key, user, auth: { authorization: `Token ${key}` } };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('pro-targeting tokens (SPEC §6, the third token kind)', () => {
  it('are issued by the pro site sign-in instead of a session and a personal token, and stored hashed', async () => {
    const { used, key, user } = await proSignIn('issued@example.com');
    expect(key.startsWith(PRO_TOKEN_PREFIX)).toBe(true);
    expect(key.length).toBeGreaterThan(40);
    expect(user.email).toBe('issued@example.com');
    // No browser session: the site's calls go with the token.
    expect(used.cookies.map((c) => c.name)).not.toContain('murmur_session');
    const rows = await t.db.select().from(proTargetingTokens).where(eq(proTargetingTokens.userId, user.id));
    expect(rows.map((r) => r.keyHash)).toEqual([sha256(key)]);
    expect(JSON.stringify(rows)).not.toContain(key.slice(PRO_TOKEN_PREFIX.length));
    expect(await t.db.select().from(userTokens).where(eq(userTokens.userId, user.id))).toEqual([]);
    // A second sign-in (another browser) gets its own token; both work.
    const again = await proSignIn('issued@example.com');
    expect(again.key).not.toBe(key);
    for (const auth of [{ authorization: `Token ${key}` }, again.auth]) {
      expect((await get('/api/external/standalone-me/standalone_me/', auth)).json()).toMatchObject({
        email: 'issued@example.com',
      });
    }
  });

  it("reach the pro site's own calls, writes included without a CSRF header", async () => {
    const { auth } = await proSignIn('reach@example.com');
    expect((await get('/api/external/job-titles/', auth)).statusCode).toBe(200);
    expect((await get('/api/external/monitors/', auth)).statusCode).toBe(200);
    expect((await get('/api/user/me/', auth)).json()).toMatchObject({ email: 'reach@example.com' });
    // Whether the caller is staff (the request page's staff panel), but not the staff tools.
    expect((await get('/api/staff/access/', auth)).json()).toEqual({ staff: false });
    expect((await get('/api/staff/user-groups/?email=reach@example.com', auth)).statusCode).toBe(403);
    // The size panel's freshness line reads the engine's status (a refusal sent the builder home).
    expect((await get('/api/engine/status/', auth)).statusCode).not.toBe(403);
    // Saved lists (SPEC §3 saved_list): created and read back by the same token.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/audience-configs/',
      headers: auth,
      payload: {
        name: 'Pro list',
        kind: 'saved_list',
        targeting_package: { keywords: [{ label: 'coffee' }] },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json<AudienceConfig>();
    const lists = (await get('/api/audience-configs/?kind=saved_list', auth)).json<AudienceConfigList>();
    expect(lists.results.map((l) => l.id)).toContain(list.id);
  });

  it('reach nothing else: team administration, the analytics tool, linked accounts, session exchange', async () => {
    const { auth, key } = await proSignIn('scoped@example.com');
    const refused = { detail: 'This pro-targeting token does not reach this endpoint.' };
    for (const url of ['/api/teams/', '/api/user/granted-accounts/', '/rest-auth/socialaccounts/']) {
      const res = await get(url, auth);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual(refused);
    }
    const team = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: auth,
      payload: { name: 'X' },
    });
    expect(team.statusCode).toBe(403);
    expect(team.json()).toEqual(refused);
    // A pro-targeting token is not a personal token: it cannot be turned into a full session.
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/login-via-token/',
      payload: { token: key },
    });
    expect(exchange.statusCode).toBe(400);
    expect(exchange.json()).toEqual({ token: ['Invalid token.'] });
    // Unknown paths stay 404, not 403.
    expect((await get('/api/no-such-route/', auth)).statusCode).toBe(404);
    expect(proTokenReaches('/api/external/deepthought/followers/')).toBe(false);
    expect(proTokenReaches('/api/external/deepthought-token/stats/')).toBe(false);
    expect(proTokenReaches('/api/teams/:slug/accounts/')).toBe(true);
    expect(proTokenReaches('/api/teams/:slug/members/')).toBe(false);
  });

  it('are deleted by logout and then count as signed out', async () => {
    const { auth, key, user } = await proSignIn('revoked@example.com');
    const other = await proSignIn('revoked@example.com');
    expect((await get('/api/external/standalone-me/standalone_me/', auth)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/rest-auth/logout/', headers: auth });
    expect(out.statusCode).toBe(200);
    const after = await get('/api/external/standalone-me/standalone_me/', auth);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ detail: 'Invalid token.' });
    const rows = await t.db.select().from(proTargetingTokens).where(eq(proTargetingTokens.userId, user.id));
    expect(rows.map((r) => r.keyHash)).toEqual([sha256(other.key)]);
    expect(rows.map((r) => r.keyHash)).not.toContain(sha256(key));
    // The other browser's token is untouched; public routes still answer the stale one.
    expect((await get('/api/external/standalone-me/standalone_me/', other.auth)).statusCode).toBe(200);
    expect((await get('/api/external/job-titles/', auth)).statusCode).toBe(200);
  });

  it('refuse bad input with SPEC §8 4xx bodies', async () => {
    for (const value of ['pro.', 'pro.unknown-token', `pro.${'x'.repeat(500)}`]) {
      const res = await get('/api/external/standalone-me/standalone_me/', {
        authorization: `Token ${value}`,
      });
      expect(res.statusCode, value).toBe(403);
      expect(res.json()).toEqual({ detail: 'Invalid token.' });
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/external/personal-magic-link/use/',
      payload: { magic_code: 'nothing', confirm_code: 'ABCDEF' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ confirm_code: ['Invalid login code'] });
    const shapeless = await t.app.inject({
      method: 'POST',
      url: '/api/external/personal-magic-link/use/',
      payload: { magic_code: 5 },
    });
    expect(shapeless.statusCode).toBe(400);
  });

  it("let signed-out visitors' calls go with the fixed pro-targeting token, which stands for no user", async () => {
    const fixed = { authorization: `Token ${TEST_TOKENS.proTargeting}` };
    expect((await get('/api/external/xstats/', fixed)).statusCode).toBe(200);
    const me = await get('/api/external/standalone-me/standalone_me/', fixed);
    expect(me.statusCode).toBe(403);
    expect((await get('/api/audience-configs/', fixed)).statusCode).toBe(403);
  });
});
