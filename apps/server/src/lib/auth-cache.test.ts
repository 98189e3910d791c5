import { describe, expect, it } from 'vitest';
import type { User } from '@murmur/core/api';
import type { UserRow } from '../db/schema';
import { createAuthCache, type AuthInvalidation, type InvalidationBus } from './auth-cache';

const row = (id: number, firstName = 'A') => ({ id, firstName }) as unknown as UserRow;
const view = (id: number, first_name = 'A') => ({ id, first_name }) as unknown as User;
const NOW = new Date('2030-01-01T00:00:00Z');

/** A loader that counts its calls and returns whatever `current` holds. */
function loader(current: { user: UserRow; expiresAt: Date | null } | undefined) {
  const calls = { n: 0, current };
  return {
    calls,
    load: () => {
      calls.n++;
      return Promise.resolve(calls.current);
    },
  };
}

/** In-memory pub/sub standing in for Redis: what one cache publishes the others receive. */
function fakeBuses(count: number): InvalidationBus[] {
  const handlers: ((m: AuthInvalidation) => void)[][] = [];
  return Array.from({ length: count }, (_, i) => {
    handlers[i] = [];
    return {
      publish: (m) => handlers.forEach((hs, j) => j !== i && hs.forEach((h) => h(m))),
      subscribe: (h) => void handlers[i]!.push(h),
      close: () => Promise.resolve(),
    };
  });
}

describe('createAuthCache', () => {
  it('asks the database once per credential, then answers from memory', async () => {
    const cache = createAuthCache();
    const db = loader({ user: row(1), expiresAt: null });
    for (let i = 0; i < 5; i++) expect(await cache.user('t:a', NOW, db.load)).toEqual(row(1));
    expect(db.calls.n).toBe(1);
  });

  it('does not remember unknown credentials', async () => {
    const cache = createAuthCache();
    const db = loader(undefined);
    expect(await cache.user('t:new', NOW, db.load)).toBeUndefined();
    db.calls.current = { user: row(1), expiresAt: null };
    expect(await cache.user('t:new', NOW, db.load)).toEqual(row(1));
  });

  it('forgets a credential at once (logout, revocation)', async () => {
    const cache = createAuthCache();
    const db = loader({ user: row(1), expiresAt: null });
    await cache.user('t:a', NOW, db.load);
    db.calls.current = undefined; // the row is gone from the database
    cache.forget('t:a');
    expect(await cache.user('t:a', NOW, db.load)).toBeUndefined();
  });

  it('does not serve a session past its expiry', async () => {
    const cache = createAuthCache();
    const db = loader({ user: row(1), expiresAt: new Date(NOW.getTime() + 1000) });
    await cache.user('s:a', NOW, db.load);
    db.calls.current = undefined;
    expect(await cache.user('s:a', new Date(NOW.getTime() + 999), db.load)).toEqual(row(1));
    expect(await cache.user('s:a', new Date(NOW.getTime() + 1000), db.load)).toBeUndefined();
  });

  it('reloads the user and their view after a write to that user', async () => {
    const cache = createAuthCache();
    const db = loader({ user: row(1, 'Old'), expiresAt: null });
    await cache.user('t:a', NOW, db.load);
    expect(await cache.view(1, () => Promise.resolve(view(1, 'Old')))).toEqual(view(1, 'Old'));
    db.calls.current = { user: row(1, 'New'), expiresAt: null };
    cache.userChanged(1);
    expect(await cache.user('t:a', NOW, db.load)).toEqual(row(1, 'New'));
    expect(await cache.view(1, () => Promise.resolve(view(1, 'New')))).toEqual(view(1, 'New'));
  });

  it('does not store what a load read before an invalidation that raced it', async () => {
    const cache = createAuthCache();
    let release!: () => void;
    const slow = () => new Promise<User>((resolve) => (release = () => resolve(view(1, 'Stale'))));
    const pending = cache.view(1, slow);
    cache.userChanged(1); // a profile update commits while the stale read is in flight
    release();
    expect(await pending).toEqual(view(1, 'Stale'));
    expect(await cache.view(1, () => Promise.resolve(view(1, 'Fresh')))).toEqual(view(1, 'Fresh'));
  });

  it('stays within its bound', async () => {
    const cache = createAuthCache({ max: 100 });
    for (let i = 0; i < 1000; i++) {
      await cache.user(`t:${i}`, NOW, () => Promise.resolve({ user: row(i), expiresAt: null }));
      await cache.view(i, () => Promise.resolve(view(i)));
    }
    expect(cache.size).toEqual({ credentials: 100, users: 100, views: 100 });
  });

  it('passes invalidations to the other processes over the bus', async () => {
    const [busA, busB] = fakeBuses(2);
    const a = createAuthCache({ bus: busA });
    const b = createAuthCache({ bus: busB });
    const db = loader({ user: row(1, 'Old'), expiresAt: null });
    await a.user('t:x', NOW, db.load);
    await b.user('t:x', NOW, db.load);
    await b.view(1, () => Promise.resolve(view(1, 'Old')));
    expect(db.calls.n).toBe(2);

    db.calls.current = { user: row(1, 'New'), expiresAt: null };
    a.userChanged(1);
    expect(await b.user('t:x', NOW, db.load)).toEqual(row(1, 'New'));
    expect(await b.view(1, () => Promise.resolve(view(1, 'New')))).toEqual(view(1, 'New'));

    db.calls.current = undefined;
    a.forget('t:x');
    expect(await b.user('t:x', NOW, db.load)).toBeUndefined();
  });
  it('forgets every credential of one user at once, in every process, and no one else’s', async () => {
    const [busA, busB] = fakeBuses(2);
    const a = createAuthCache({ bus: busA });
    const b = createAuthCache({ bus: busB });
    for (const cache of [a, b]) {
      await cache.user('s:one', NOW, () => Promise.resolve({ user: row(1), expiresAt: null }));
      await cache.user('t:one', NOW, () => Promise.resolve({ user: row(1), expiresAt: null }));
      await cache.user('t:two', NOW, () => Promise.resolve({ user: row(2), expiresAt: null }));
    }
    a.forgetCredentialsOf(1);
    for (const cache of [a, b]) {
      expect(cache.peek('s:one', NOW)).toBeUndefined();
      expect(cache.peek('t:one', NOW)).toBeUndefined();
      expect(cache.peek('t:two', NOW)).toEqual(row(2));
    }
  });
});
