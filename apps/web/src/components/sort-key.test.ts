import { describe, expect, it } from 'vitest';
import { nextSortKey, parseSortKey, sortRows } from './sort-key';

describe('sort keys', () => {
  it('reads a leading minus as descending', () => {
    expect(parseSortKey('-size')).toEqual({ key: 'size', descending: true });
    expect(parseSortKey('name')).toEqual({ key: 'name', descending: false });
  });

  it('sorts a new column ascending and flips a repeated one', () => {
    expect(nextSortKey(undefined, 'size')).toBe('size');
    expect(nextSortKey('size', 'size')).toBe('-size');
    expect(nextSortKey('-size', 'size')).toBe('size');
    expect(nextSortKey('-size', 'name')).toBe('name');
  });

  it('sorts numbers and text naturally, with missing values last', () => {
    const rows = [{ n: 10 }, { n: null }, { n: 2 }, { n: 33 }];
    expect(sortRows(rows, 'n', (row) => row.n).map((row) => row.n)).toEqual([2, 10, 33, null]);
    expect(sortRows(rows, '-n', (row) => row.n).map((row) => row.n)).toEqual([33, 10, 2, null]);
    const names = [{ s: 'item 10' }, { s: 'Item 9' }, { s: 'apple' }];
    expect(sortRows(names, 's', (row) => row.s).map((row) => row.s)).toEqual(['apple', 'Item 9', 'item 10']);
  });
});
