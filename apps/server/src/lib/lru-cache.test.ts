import { describe, expect, it } from 'vitest';
import { createLruCache } from './lru-cache';

describe('createLruCache', () => {
  it('never holds more than max entries, dropping the least recently used', () => {
    const cache = createLruCache<number, string>({ max: 3, ttlMs: 60_000 });
    for (let i = 0; i < 3; i++) cache.set(i, `v${i}`);
    expect(cache.get(0)).toBe('v0'); // 0 is now the most recently used; 1 the least
    cache.set(3, 'v3');
    expect(cache.size).toBe(3);
    expect(cache.get(1)).toBeUndefined();
    expect([0, 2, 3].map((k) => cache.get(k))).toEqual(['v0', 'v2', 'v3']);
    for (let i = 10; i < 1000; i++) cache.set(i, 'x');
    expect(cache.size).toBe(3);
  });

  it('keeps the order when the entry set or read last is read again and again', () => {
    const cache = createLruCache<string, number>({ max: 3, ttlMs: 60_000 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    for (let i = 0; i < 5; i++) expect(cache.get('c')).toBe(3);
    expect(cache.get('a')).toBe(1); // now a is the newest, b the least recently used
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k))).toEqual([1, 3, 4]);
    cache.delete('d'); // the newest gone: reading c must move it after a again
    expect(cache.get('c')).toBe(3);
    cache.set('e', 5);
    cache.set('f', 6);
    expect(cache.get('a')).toBeUndefined();
    expect(['c', 'e', 'f'].map((k) => cache.get(k))).toEqual([3, 5, 6]);
  });

  it('forgets an entry once its TTL has passed', () => {
    let now = 1_000;
    const cache = createLruCache<string, number>({ max: 10, ttlMs: 500, now: () => now });
    cache.set('a', 1);
    now += 499;
    expect(cache.get('a')).toBe(1);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets an entry read again and again once its TTL has passed', () => {
    let now = 1_000;
    const cache = createLruCache<string, number>({ max: 10, ttlMs: 500, now: () => now });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    now += 400;
    expect(cache.get('a')).toBe(1);
    now += 100;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
