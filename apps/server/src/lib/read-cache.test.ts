import { describe, expect, it } from 'vitest';
import type { ChangeFeed } from '../db/change-feed';
import { createReadCache } from './read-cache';

/** A feed the test drives: `change(table)` is a committed write heard, `listening` can drop. */
function drivenFeed() {
  const handlers = new Set<(table: string | undefined) => void>();
  const feed = {
    listening: true,
    subscribe(handler: (table: string | undefined) => void) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    close: () => Promise.resolve(),
    change(table: string | undefined) {
      for (const handler of handlers) handler(table);
    },
  };
  return feed satisfies ChangeFeed;
}

function counter(prefix = 'v') {
  let loads = 0;
  return {
    load: () => Promise.resolve(`${prefix}${++loads}`),
    get loads() {
      return loads;
    },
  };
}

describe('read cache', () => {
  it('answers a second read from memory, and reads again once a watched table changed', async () => {
    const feed = drivenFeed();
    const cache = createReadCache({ feed, tables: ['audience_configs'] });
    const source = counter();
    expect((await cache.read('k', source.load)).json).toBe('v1');
    expect((await cache.read('k', source.load)).json).toBe('v1');
    expect(source.loads).toBe(1);
    feed.change('sessions');
    expect((await cache.read('k', source.load)).json).toBe('v1');
    feed.change('audience_configs');
    expect((await cache.read('k', source.load)).json).toBe('v2');
    expect(cache.stats).toMatchObject({ hits: 2, misses: 2, entries: 1 });
  });

  it('keeps apart what different keys read', async () => {
    const cache = createReadCache({ feed: drivenFeed(), tables: ['t'] });
    expect((await cache.read('user:1 /list', () => Promise.resolve('one'))).json).toBe('one');
    expect((await cache.read('user:2 /list', () => Promise.resolve('two'))).json).toBe('two');
    expect((await cache.read('user:1 /list', () => Promise.resolve('never'))).json).toBe('one');
  });

  it('does not store what a load read before a change that happened while it ran', async () => {
    const feed = drivenFeed();
    const cache = createReadCache({ feed, tables: ['t'] });
    let release!: (value: string) => void;
    const slow = cache.read('k', () => new Promise<string>((resolve) => (release = resolve)));
    feed.change('t');
    release('read before the write');
    expect((await slow).json).toBe('read before the write');
    expect((await cache.read('k', () => Promise.resolve('after'))).json).toBe('after');
  });

  it('serves and stores nothing while the feed does not listen, and forgets all when it is lost', async () => {
    const feed = drivenFeed();
    const cache = createReadCache({ feed, tables: ['t'] });
    const source = counter();
    await cache.read('k', source.load);
    feed.listening = false;
    feed.change(undefined);
    expect((await cache.read('k', source.load)).json).toBe('v2');
    expect((await cache.read('k', source.load)).json).toBe('v3');
    feed.listening = true;
    expect((await cache.read('k', source.load)).json).toBe('v4');
    expect((await cache.read('k', source.load)).json).toBe('v4');
  });

  it('forgets an answer after its time to live', async () => {
    let now = 0;
    const cache = createReadCache({ feed: drivenFeed(), tables: ['t'], ttlMs: 1000, now: () => now });
    const source = counter();
    await cache.read('k', source.load);
    now = 999;
    expect((await cache.read('k', source.load)).json).toBe('v1');
    now = 1000;
    expect((await cache.read('k', source.load)).json).toBe('v2');
  });

  it('forgets an answer at the time its load said it stops being true, if that comes first', async () => {
    let now = 0;
    const cache = createReadCache({ feed: drivenFeed(), tables: ['t'], ttlMs: 1000, now: () => now });
    let loads = 0;
    const load = () => Promise.resolve({ json: `v${++loads}`, until: 300 });
    await cache.read('k', load);
    now = 299;
    expect((await cache.read('k', load)).json).toBe('v1');
    now = 300;
    expect((await cache.read('k', load)).json).toBe('v2');
    // Already past: served to its reader, never stored.
    expect((await cache.read('k', load)).json).toBe('v3');
  });

  it('stays within its size, dropping the least recently used answers first', async () => {
    const cache = createReadCache({ feed: drivenFeed(), tables: ['t'], maxChars: 40 });
    const ten = (c: string) => () => Promise.resolve(c.repeat(10));
    await cache.read('a', ten('a'));
    await cache.read('b', ten('b'));
    await cache.read('c', ten('c'));
    await cache.read('a', ten('x')); // a is now the most recent
    await cache.read('d', ten('d'));
    await cache.read('e', ten('e'));
    expect(cache.stats.chars).toBeLessThanOrEqual(40);
    expect((await cache.read('a', ten('y'))).json).toBe('a'.repeat(10));
    expect((await cache.read('b', ten('z'))).json).toBe('z'.repeat(10));
    // An answer over a quarter of the budget is served but never kept.
    expect((await cache.read('big', () => Promise.resolve('q'.repeat(11)))).json).toBe('q'.repeat(11));
    expect((await cache.read('big', () => Promise.resolve('again'))).json).toBe('again');
  });
});
