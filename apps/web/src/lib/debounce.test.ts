import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEBOUNCE_MS, useDebounced } from './debounce';

const SRC = join(__dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

describe('SPEC §9 debounce', () => {
  afterEach(() => vi.useRealTimers());

  it('is 500 ms', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebounced(value)[0], {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'ab' });
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 1));
    expect(result.current).toBe('a');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe('ab');
    expect(DEBOUNCE_MS).toBe(500);
  });

  it('is the one every screen uses (no screen picks its own wait)', () => {
    const own = sources(SRC)
      .filter((file) => !file.endsWith(join('lib', 'debounce.ts')))
      .filter((file) =>
        /useDebouncedValue|useDebouncedCallback|useDebouncedState/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(SRC, file));
    expect(own).toEqual([]);
  });
});
