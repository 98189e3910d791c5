import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LOCAL_DUMMY_TEAM } from './team-by-host';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const ann = await t.signIn('ann@example.com');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/teams/',
    headers: ann.tokenAuth,
    payload: { name: 'Acme', slug: 'acme' },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(() => t.close());

const lookup = (host: string) => t.app.inject({ url: `/api/team-by-host/?host=${encodeURIComponent(host)}` });

describe('GET /api/team-by-host/ (SPEC §8 team lookup by host name, §9 local dummy team)', () => {
  it('finds a team on its own host, whatever the case and port', async () => {
    for (const host of ['acme.murmur.example', 'ACME.murmur.example:8443']) {
      const res = await lookup(host);
      expect([res.statusCode, res.json()], host).toEqual([
        200,
        expect.objectContaining({ slug: 'acme', name: 'Acme' }),
      ]);
    }
  });

  it('gives the local dummy team on dashboard, local, staging and localhost hosts', async () => {
    for (const host of ['localhost:3000', 'dashboard', 'local.murmur.example', 'staging.murmur.example']) {
      const res = await lookup(host);
      expect([res.statusCode, res.json()], host).toEqual([200, LOCAL_DUMMY_TEAM]);
    }
  });

  it('answers 404 for a host with no team, and 400 for what is not a host', async () => {
    for (const host of ['nobody.murmur.example', 'murmur.example']) {
      const res = await lookup(host);
      expect([res.statusCode, res.json()], host).toEqual([404, { detail: 'No team for this host.' }]);
    }
    const bad = await lookup('a b/c');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<object>())).toEqual(['host']);
    expect((await t.app.inject({ url: '/api/team-by-host/' })).statusCode).toBe(400);
  });
});
