import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, AudienceConfig, CreatedApiKey } from '@murmur/core/api';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { teamKit } from '../../test/team-kit';

let t: TestApp;
let alice: TestSession;
let teamA: { id: number; slug: string };
let teamB: { id: number; slug: string };
let inA: AudienceConfig;
let inB: AudienceConfig;
const kit = teamKit(() => t);
const speakers = { languages: [{ label: 'English' }] };

beforeAll(async () => {
  const network = await testNetwork();
  t = await createTestApp({}, { engine: network.holder });
  alice = await t.signIn('alice@example.com');
  teamA = await kit.createTeam(alice, 'Agency A');
  teamB = await kit.createTeam(alice, 'Agency B');
  inA = await kit.createConfig(alice, {
    name: 'A speakers',
    kind: 'saved_list',
    targeting_package: speakers,
    team: teamA.slug,
  });
  inB = await kit.createConfig(alice, {
    name: 'B speakers',
    kind: 'saved_list',
    targeting_package: speakers,
    team: teamB.slug,
  });
}, 120_000);
afterAll(() => t.close());

async function makeKey(scopes: string[], rate = 120, team = teamA.slug): Promise<CreatedApiKey> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${team}/api-keys/`,
    headers: alice.tokenAuth,
    payload: { name: `key ${scopes.join(' ')}`, scopes, rate_limit_per_minute: rate },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>();
}

const withKey = (
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload && { payload }) });

async function listKeys(): Promise<ApiKey[]> {
  const res = await t.app.inject({ url: `/api/teams/${teamA.slug}/api-keys/`, headers: alice.tokenAuth });
  expect(res.statusCode).toBe(200);
  return res.json<ApiKey[]>();
}

describe('API keys', () => {
  it('shows the key once, keeps only its prefix in lists, and counts its use', async () => {
    const made = await makeKey(['audiences:read']);
    expect(made.key).toMatch(/^mur_[\w-]{43}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const listed = (await listKeys()).find((k) => k.id === made.id)!;
    expect(listed).not.toHaveProperty('key');
    expect(JSON.stringify(await listKeys())).not.toContain(made.key);
    expect(listed.usage_count).toBe(0);
    expect(listed.last_used_at).toBeNull();

    const list = await withKey(made.key, 'GET', `/api/audience-configs/?team=${teamA.slug}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ results: AudienceConfig[] }>().results.map((c) => c.id)).toEqual([inA.id]);
    const one = await withKey(made.key, 'GET', `/api/audience-configs/${inA.id}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json<AudienceConfig>().name).toBe('A speakers');

    const after = (await listKeys()).find((k) => k.id === made.id)!;
    expect(after.usage_count).toBe(2);
    expect(after.last_used_at).not.toBeNull();
  });

  it('enforces scopes: a read key cannot create (403), a write key can', async () => {
    const read = await makeKey(['audiences:read']);
    const body = { name: 'From the API', kind: 'saved_list', targeting_package: speakers, team: teamA.slug };
    const refused = await withKey(read.key, 'POST', '/api/audience-configs/', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'This API key lacks the "audiences:write" scope.' });

    const write = await makeKey(['audiences:write']);
    const made = await withKey(write.key, 'POST', '/api/audience-configs/', body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<AudienceConfig>().team?.id).toBe(teamA.id);
    // Not a personal audience of the creator's: a key's audience is its team's.
    const personal = await withKey(write.key, 'POST', '/api/audience-configs/', { ...body, team: undefined });
    expect(personal.statusCode).toBe(404);
  });

  it('never reaches user settings, billing, members, keys or staff routes, even with every scope', async () => {
    const all = await makeKey([
      'audiences:read',
      'audiences:write',
      'insights:run',
      'campaigns:read',
      'webhooks:manage',
    ]);
    for (const [method, url] of [
      ['GET', '/api/user/me/'],
      ['GET', `/api/teams/${teamA.slug}/members/`],
      ['GET', `/api/teams/${teamA.slug}/api-keys/`],
      ['POST', `/api/teams/${teamA.slug}/api-keys/`],
      ['GET', `/api/teams/${teamA.slug}/`],
      ['GET', '/api/billing/plans/'],
      ['GET', '/api/staff/users/'],
    ] as const) {
      const res = await withKey(
        all.key,
        method,
        url,
        method === 'POST' ? { name: 'x', scopes: ['audiences:read'] } : undefined,
      );
      // 404 only where the path names no route at all; every route refuses a key.
      expect([403, 404], `${method} ${url}`).toContain(res.statusCode);
      if (res.statusCode === 403)
        expect(res.json()).toEqual({ detail: 'API keys do not reach this endpoint.' });
    }
    const me = await withKey(all.key, 'GET', '/api/user/me/');
    expect(me.statusCode).toBe(403);
    const members = await withKey(all.key, 'GET', `/api/teams/${teamA.slug}/members/`);
    expect(members.statusCode).toBe(403);
  });

  it("holds a key to its team: team B's audiences are not found", async () => {
    const key = await makeKey(['audiences:read', 'audiences:write']);
    expect((await withKey(key.key, 'GET', `/api/audience-configs/${inB.id}/`)).statusCode).toBe(404);
    expect((await withKey(key.key, 'GET', `/api/audience-configs/?team=${teamB.slug}`)).statusCode).toBe(404);
    expect((await withKey(key.key, 'GET', '/api/audience-configs/')).statusCode).toBe(404);
    expect((await withKey(key.key, 'DELETE', `/api/audience-configs/${inB.id}/`)).statusCode).toBe(404);
    // The admin herself still reads it.
    const own = await t.app.inject({ url: `/api/audience-configs/${inB.id}/`, headers: alice.tokenAuth });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a revoked key (401) and an unknown one', async () => {
    const key = await makeKey(['audiences:read']);
    expect((await withKey(key.key, 'GET', `/api/audience-configs/${inA.id}/`)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${teamA.slug}/api-keys/${key.id}/`,
      headers: alice.tokenAuth,
    });
    expect(revoked.statusCode).toBe(204);
    const after = await withKey(key.key, 'GET', `/api/audience-configs/${inA.id}/`);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Invalid API key.' });
    expect((await listKeys()).find((k) => k.id === key.id)?.revoked_at).not.toBeNull();
    const unknown = await withKey(
      `${key.prefix}${'x'.repeat(37)}`,
      'GET',
      `/api/audience-configs/${inA.id}/`,
    );
    expect(unknown.statusCode).toBe(401);
  });

  it("answers 429 with Retry-After over the key's rate limit", async () => {
    const key = await makeKey(['audiences:read'], 2);
    expect((await withKey(key.key, 'GET', `/api/audience-configs/${inA.id}/`)).statusCode).toBe(200);
    expect((await withKey(key.key, 'GET', `/api/audience-configs/${inA.id}/`)).statusCode).toBe(200);
    const third = await withKey(key.key, 'GET', `/api/audience-configs/${inA.id}/`);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.json<{ detail: string }>().detail).toMatch(/throttled/);
    // Another key has its own limit.
    const other = await makeKey(['audiences:read'], 2);
    expect((await withKey(other.key, 'GET', `/api/audience-configs/${inA.id}/`)).statusCode).toBe(200);
    // A minute later the key works again.
    t.clock.advance(61_000);
    expect((await withKey(key.key, 'GET', `/api/audience-configs/${inA.id}/`)).statusCode).toBe(200);
  });

  it('is made and revoked by team admins only', async () => {
    const bob = await t.signIn('bob@example.com');
    await kit.join(teamA, alice, bob);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamA.slug}/api-keys/`,
      headers: bob.tokenAuth,
      payload: { name: 'mine', scopes: ['audiences:read'] },
    });
    expect(res.statusCode).toBe(403);
    const list = await t.app.inject({ url: `/api/teams/${teamA.slug}/api-keys/`, headers: bob.tokenAuth });
    expect(list.statusCode).toBe(403);

    // Bob made admin makes a key; once he is a plain member again, his key stops working.
    const members = await t.app.inject({
      url: `/api/teams/${teamA.slug}/members/`,
      headers: alice.tokenAuth,
    });
    const bobs = members
      .json<{ id: number; user: { id: number } }[]>()
      .find((m) => m.user.id === bob.user.id)!;
    const level = (to: 'admin' | 'member') =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/teams/${teamA.slug}/members/${bobs.id}/`,
        headers: alice.tokenAuth,
        payload: { level: to },
      });
    expect((await level('admin')).statusCode).toBe(200);
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamA.slug}/api-keys/`,
      headers: bob.tokenAuth,
      payload: { name: 'bob', scopes: ['audiences:read'] },
    });
    expect(made.statusCode).toBe(201);
    const bobKey = made.json<CreatedApiKey>().key;
    expect((await withKey(bobKey, 'GET', `/api/audience-configs/${inA.id}/`)).statusCode).toBe(200);
    expect((await level('member')).statusCode).toBe(200);
    expect((await withKey(bobKey, 'GET', `/api/audience-configs/${inA.id}/`)).statusCode).toBe(401);
  });

  it('publishes the routes a key reaches at /api/docs/public.json, with the bearer scheme only', async () => {
    const res = await t.app.inject({ url: '/api/docs/public.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<string, Record<string, { security: unknown; 'x-api-key-scope': string }>>;
      components: { securitySchemes: Record<string, { scheme: string }> };
    }>();
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['apiKey']);
    expect(doc.components.securitySchemes.apiKey?.scheme).toBe('bearer');
    expect(doc.paths['/api/audience-configs/{pk}/']?.get?.['x-api-key-scope']).toBe('audiences:read');
    expect(doc.paths['/api/audience-configs/{pk}/']?.put?.['x-api-key-scope']).toBe('audiences:write');
    expect(doc.paths['/api/teams/{slug}/webhooks/']?.post?.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(doc.paths)).not.toContain('/api/user/me/');
    expect(Object.keys(doc.paths)).not.toContain('/api/teams/{slug}/api-keys/');
  });
});
