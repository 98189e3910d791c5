import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@murmur/core/api';
import type { AuthInvalidation, InvalidationBus } from '../../lib/auth-cache';
import { createRedisInvalidationBus } from '../../lib/auth-cache-redis';
import { buildSiblingApp } from '../../test/sibling-app';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';

// Signed-in reads are answered from the auth cache (lib/auth-cache.ts); these tests warm it first
// and then check that nothing it serves outlives a logout, a write or the session's end.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string>, app: FastifyInstance = t.app) =>
  app.inject({ url: '/api/user/me/', headers });
const logout = (headers: Record<string, string>, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/rest-auth/logout/', headers });

/** Several reads, so that the second and later are served from the cache. */
async function warm(headers: Record<string, string>, app: FastifyInstance = t.app): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await me(headers, app)).statusCode).toBe(200);
}

describe('the auth cache never outlives what it caches', () => {
  it('a token used after its logout is refused at once', async () => {
    const s = await t.signIn('token-logout@example.com');
    await warm(s.tokenAuth);
    expect((await logout(s.tokenAuth)).statusCode).toBe(200);
    const after = await me(s.tokenAuth);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ detail: 'Invalid token.' });
  });

  it('a session cookie used after its logout is refused at once', async () => {
    const s = await t.signIn('cookie-logout@example.com');
    await warm(s.cookieAuth);
    expect((await logout(s.cookieAuth)).statusCode).toBe(200);
    expect((await me(s.cookieAuth)).statusCode).toBe(403);
    // The token of that sign-in belongs to the session and ended with it (docs/API.md "Sessions and tokens").
    expect((await me(s.tokenAuth)).statusCode).toBe(403);
  });

  it('a signed-in browser that signs in again loses its old session at once', async () => {
    const first = await t.signIn('again@example.com');
    await warm(first.cookieAuth);
    await t.signIn('again@example.com', first.cookieAuth);
    expect((await me(first.cookieAuth)).statusCode).toBe(403);
  });

  it('a profile update shows on the next request, through every credential', async () => {
    const s = await t.signIn('profile@example.com');
    await warm(s.tokenAuth);
    await warm(s.cookieAuth);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/',
      headers: s.tokenAuth,
      payload: { first_name: 'Renamed', language: 'ja' },
    });
    expect(put.statusCode).toBe(200);
    for (const headers of [s.tokenAuth, s.cookieAuth]) {
      const res = await me(headers);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json<User>()).toMatchObject({ first_name: 'Renamed', language: 'ja' });
    }
  });

  it('a new team and its renaming show in the memberships on the next request', async () => {
    const s = await t.signIn('teams@example.com');
    await warm(s.tokenAuth);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: s.tokenAuth,
      payload: { name: 'Cache Crew' },
    });
    expect(created.statusCode).toBe(201);
    const { slug } = created.json<{ slug: string }>();
    expect((await me(s.tokenAuth)).json<User>().memberships).toMatchObject([
      { level: 'admin', team: { name: 'Cache Crew', slug } },
    ]);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/${slug}/`,
      headers: s.tokenAuth,
      payload: { name: 'Cache Crew 2' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await me(s.tokenAuth)).json<User>().memberships).toMatchObject([
      { team: { name: 'Cache Crew 2' } },
    ]);
  });

  it('a session is refused once it has expired, though it was cached', async () => {
    const s = await t.signIn('expiry@example.com');
    await warm(s.cookieAuth);
    t.clock.advance(14 * 24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await me(s.cookieAuth)).statusCode).toBe(403);
      // Tokens last until logout (docs/API.md).
      expect((await me(s.tokenAuth)).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(14 * 24 * 60 * 60 * 1000 + 1000));
    }
  });
});

describe('across server processes (REDIS_URL: pub/sub)', () => {
  /** Two apps on one database, their caches joined by an in-memory stand-in for Redis pub/sub. */
  function joinedBuses(): [InvalidationBus, InvalidationBus] {
    const handlers: ((m: AuthInvalidation) => void)[][] = [[], []];
    const bus = (self: 0 | 1): InvalidationBus => ({
      publish: (m) => handlers[1 - self]!.forEach((h) => h(m)),
      subscribe: (h) => void handlers[self]!.push(h),
      close: () => Promise.resolve(),
    });
    return [bus(0), bus(1)];
  }

  let a: FastifyInstance;
  let b: FastifyInstance;
  let s: TestSession;
  beforeAll(async () => {
    const [busA, busB] = joinedBuses();
    a = await buildSiblingApp(t, { authInvalidationBus: busA });
    b = await buildSiblingApp(t, { authInvalidationBus: busB });
    s = await t.signIn('two-processes@example.com');
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('a profile update in one process shows in the other on the next request', async () => {
    await warm(s.tokenAuth, b);
    const put = await a.inject({
      method: 'PUT',
      url: '/api/user/me/',
      headers: s.tokenAuth,
      payload: { last_name: 'Elsewhere' },
    });
    expect(put.statusCode).toBe(200);
    expect((await me(s.tokenAuth, b)).json<User>().last_name).toBe('Elsewhere');
  });

  it('a logout in one process is refused by the other at once', async () => {
    await warm(s.tokenAuth, b);
    expect((await logout(s.tokenAuth, a)).statusCode).toBe(200);
    expect((await me(s.tokenAuth, b)).statusCode).toBe(403);
  });
});

// The same over real Redis pub/sub when REDIS_URL is set (CI), as main.ts wires it.
describe.skipIf(!process.env.REDIS_URL)('across server processes over Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    const channel = `murmur:test:auth-invalidation:${Math.random().toString(36).slice(2)}`;
    const bus = () => createRedisInvalidationBus({ url: process.env.REDIS_URL!, warn: () => {}, channel });
    a = await buildSiblingApp(t, { authInvalidationBus: await bus() });
    b = await buildSiblingApp(t, { authInvalidationBus: await bus() });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('a logout in one process is refused by the other as soon as pub/sub delivers it', async () => {
    const s = await t.signIn('redis-processes@example.com');
    await warm(s.tokenAuth, b);
    expect((await logout(s.tokenAuth, a)).statusCode).toBe(200);
    await expect.poll(async () => (await me(s.tokenAuth, b)).statusCode, { timeout: 2000 }).toBe(403);
  });
});
