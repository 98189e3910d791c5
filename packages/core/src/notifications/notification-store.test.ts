import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNotificationStore } from './notification-store';

/** A manual clock: timers run only when the test advances time. */
function fakeTimers() {
  let now = 0;
  let next = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimer: (fn: () => void, ms: number) => {
      pending.set(++next, { at: now + ms, fn });
      return next;
    },
    clearTimer: (handle: unknown) => {
      pending.delete(handle as number);
    },
    advance(ms: number) {
      now += ms;
      for (const [handle, timer] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now && pending.delete(handle)) timer.fn();
      }
    },
    pendingCount: () => pending.size,
  };
}

const texts = (store: ReturnType<typeof createNotificationStore>) => store.list().map((m) => m.text);

describe('createNotificationStore (SPEC §4/§9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds messages with an id, info level and the 6000 ms default timeout', () => {
    const store = createNotificationStore(fakeTimers());
    const id = store.add('Saved');
    expect(store.list()).toEqual([{ id, text: 'Saved', level: 'info', options: { timeout: 6000 } }]);
    const other = store.add('Oops', 'error', { timeout: 100 });
    expect(other).not.toBe(id);
    expect(store.list()[1]).toMatchObject({ level: 'error', options: { timeout: 100 } });
  });

  it('removes a message after its timeout', () => {
    const timers = fakeTimers();
    const store = createNotificationStore(timers);
    store.add('short', 'success', { timeout: 1000 });
    store.add('default');
    timers.advance(999);
    expect(texts(store)).toEqual(['short', 'default']);
    timers.advance(1);
    expect(texts(store)).toEqual(['default']);
    timers.advance(5000);
    expect(texts(store)).toEqual([]);
  });

  it('keeps messages with timeout 0 until removed', () => {
    const timers = fakeTimers();
    const store = createNotificationStore(timers);
    const id = store.add('sticky', 'warn', { timeout: 0 })!;
    expect(timers.pendingCount()).toBe(0);
    timers.advance(1_000_000);
    expect(texts(store)).toEqual(['sticky']);
    expect(store.remove(id)).toBe(true);
    expect(store.remove(id)).toBe(false);
    expect(store.list()).toEqual([]);
  });

  it('uses the default for negative or NaN timeouts and honours a custom default', () => {
    const store = createNotificationStore({ ...fakeTimers(), defaultTimeout: 3000 });
    store.add('a', 'info', { timeout: -5 });
    store.add('b', 'info', { timeout: Number.NaN });
    expect(store.list().map((m) => m.options.timeout)).toEqual([3000, 3000]);
  });

  it('keeps at most 10, dropping the oldest and its timer', () => {
    const timers = fakeTimers();
    const store = createNotificationStore(timers);
    for (let i = 1; i <= 12; i++) store.add(`m${i}`);
    expect(texts(store)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12']);
    expect(timers.pendingCount()).toBe(10);
  });

  it('honours a custom maximum', () => {
    const store = createNotificationStore({ ...fakeTimers(), max: 2 });
    store.add('a');
    store.add('b');
    store.add('c');
    expect(texts(store)).toEqual(['b', 'c']);
  });

  it('ignores, rather than queues, messages while paused', () => {
    const store = createNotificationStore(fakeTimers());
    store.pause();
    expect(store.isPaused()).toBe(true);
    expect(store.add('lost')).toBeUndefined();
    store.resume();
    expect(store.isPaused()).toBe(false);
    expect(store.list()).toEqual([]);
    expect(store.add('kept')).toBeDefined();
    expect(texts(store)).toEqual(['kept']);
  });

  it('holds the countdowns without dropping new messages, and restarts them on release', () => {
    const timers = fakeTimers();
    const store = createNotificationStore(timers);
    store.add('first', 'info', { timeout: 1000 });
    timers.advance(900);
    store.hold();
    expect(store.isHeld()).toBe(true);
    expect(store.add('while held', 'error', { timeout: 1000 })).toBeDefined();
    timers.advance(10_000);
    expect(texts(store)).toEqual(['first', 'while held']);
    store.release();
    expect(store.isHeld()).toBe(false);
    timers.advance(999);
    expect(texts(store)).toEqual(['first', 'while held']);
    timers.advance(1);
    expect(texts(store)).toEqual([]);
  });

  it('clears everything and its timers', () => {
    const timers = fakeTimers();
    const store = createNotificationStore(timers);
    store.add('a');
    store.add('b', 'info', { timeout: 0 });
    store.clear();
    expect(store.list()).toEqual([]);
    expect(timers.pendingCount()).toBe(0);
  });

  it('notifies subscribers on every change and stops after unsubscribing', () => {
    const timers = fakeTimers();
    const store = createNotificationStore({ ...timers, createId: () => 'fixed' });
    const calls: string[][] = [];
    const unsubscribe = store.subscribe((list) => calls.push(list.map((m) => m.text)));
    store.add('a', 'info', { timeout: 10 });
    timers.advance(10);
    store.clear(); // nothing to clear: no call
    unsubscribe();
    store.add('b');
    expect(calls).toEqual([['a'], []]);
  });

  it('returns the same list until something changes (for useSyncExternalStore)', () => {
    const store = createNotificationStore(fakeTimers());
    const empty = store.list();
    expect(store.list()).toBe(empty);
    store.add('a');
    const one = store.list();
    expect(one).not.toBe(empty);
    expect(store.list()).toBe(one);
    expect(store.remove('nope')).toBe(false);
    expect(store.list()).toBe(one);
  });

  it('uses the global timers by default', () => {
    vi.useFakeTimers();
    const store = createNotificationStore();
    store.add('a');
    store.add('b', 'info', { timeout: 0 });
    vi.advanceTimersByTime(6000);
    expect(texts(store)).toEqual(['b']);
    expect(store.list()[0]!.id).toMatch(/^notification-\d+$/);
  });
});
