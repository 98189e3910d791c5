import { describe, expect, it, vi } from 'vitest';
import { createCrashHandler, normaliseError } from './crash-handler';

function setup(ignoreWindowMs?: number) {
  let time = 10_000;
  const reload = vi.fn();
  const handler = createCrashHandler({
    now: () => time,
    reload,
    ...(ignoreWindowMs ? { ignoreWindowMs } : {}),
  });
  return { handler, reload, tick: (ms: number) => (time += ms) };
}

describe('createCrashHandler (SPEC §4/§9)', () => {
  it('records the latest error with message, stack and time', () => {
    const { handler, tick } = setup();
    expect(handler.current()).toBeUndefined();
    const error = new Error('first');
    handler.report(error);
    expect(handler.current()).toEqual({ message: 'first', stack: error.stack, time: 10_000 });
    tick(5);
    handler.report('second');
    expect(handler.current()).toEqual({ message: 'second', time: 10_005 });
  });

  it('ignores reports for 1000 ms after a dismissal', () => {
    const { handler, tick } = setup();
    handler.report(new Error('boom'));
    handler.dismiss();
    expect(handler.current()).toBeUndefined();
    tick(999);
    handler.report(new Error('echo'));
    expect(handler.current()).toBeUndefined();
    tick(1);
    handler.report(new Error('new'));
    expect(handler.current()?.message).toBe('new');
  });

  it('honours a custom ignore window, also when dismissing with nothing shown', () => {
    const { handler, tick } = setup(50);
    handler.dismiss();
    handler.report('early');
    expect(handler.current()).toBeUndefined();
    tick(50);
    handler.report('late');
    expect(handler.current()?.message).toBe('late');
  });

  it('accepts reports before any dismissal', () => {
    const { handler } = setup();
    handler.report('at once');
    expect(handler.current()?.message).toBe('at once');
  });

  it('reloads through the injected function', () => {
    const { handler, reload } = setup();
    handler.reload();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('notifies subscribers until they unsubscribe', () => {
    const { handler } = setup();
    const seen: Array<string | undefined> = [];
    const unsubscribe = handler.subscribe((report) => seen.push(report?.message));
    handler.report('a');
    handler.dismiss();
    handler.dismiss(); // nothing left to dismiss: no call
    unsubscribe();
    handler.report('b');
    expect(seen).toEqual(['a', undefined]);
  });

  it('uses the real clock by default', () => {
    const handler = createCrashHandler({ reload: () => undefined });
    handler.report('x');
    expect(Math.abs(handler.current()!.time - Date.now())).toBeLessThan(1000);
  });
});

describe('normaliseError', () => {
  it('handles errors, strings and empty values', () => {
    expect(normaliseError(new TypeError('bad'))).toMatchObject({ message: 'bad' });
    expect(normaliseError(new TypeError(''))).toMatchObject({ message: 'TypeError' });
    expect(normaliseError('text')).toEqual({ message: 'text' });
    expect(normaliseError('')).toEqual({ message: 'Unknown error' });
    expect(normaliseError(undefined)).toEqual({ message: 'Unknown error' });
    expect(normaliseError(null)).toEqual({ message: 'Unknown error' });
  });

  it('unwraps rejection and error events', () => {
    expect(normaliseError({ reason: new Error('rejected') }).message).toBe('rejected');
    expect(normaliseError({ reason: undefined })).toEqual({ message: 'Unknown error' });
    expect(normaliseError({ error: new Error('thrown'), message: 'Uncaught Error: thrown' }).message).toBe(
      'thrown',
    );
    expect(normaliseError({ error: null, message: 'Script error.' })).toEqual({ message: 'Script error.' });
  });

  it('describes other values', () => {
    expect(normaliseError({ message: 'm', stack: 's' })).toEqual({ message: 'm', stack: 's' });
    expect(normaliseError({ code: 42 })).toEqual({ message: '{"code":42}' });
    expect(normaliseError(42)).toEqual({ message: '42' });
    expect(normaliseError(Symbol('s'))).toEqual({ message: 'Symbol(s)' });
    expect(normaliseError(function onLoad() {})).toEqual({ message: 'onLoad' });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(normaliseError(cyclic)).toEqual({ message: '[object Object]' });
  });
});
