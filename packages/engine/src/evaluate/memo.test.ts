import { describe, expect, it } from 'vitest';
import { IndexMemo } from './memo';

describe('IndexMemo', () => {
  it('keeps recently used values within its byte and entry bounds, evicting unused ones first', () => {
    const memo = new IndexMemo<string>(100, 3);
    memo.set('a', 'A', 40);
    memo.set('b', 'B', 40);
    expect(memo.get('a')).toBe('A'); // a is now the most recent
    memo.set('c', 'C', 40); // 120 bytes: b, the least recent, goes
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('a')).toBe('A');
    expect(memo.get('c')).toBe('C');
    expect(memo.heldBytes).toBe(80);
    memo.set('d', 'D', 0);
    memo.set('e', 'E', 0); // four entries: c and a were used since, d was not: d goes
    expect(memo.size).toBe(3);
    expect(memo.get('d')).toBeUndefined();
    expect(memo.get('a')).toBe('A');
    expect(memo.get('c')).toBe('C');
    expect(memo.get('e')).toBe('E');
  });

  it('keeps a value larger than the whole budget until the next one arrives', () => {
    const memo = new IndexMemo<string>(10, 10);
    memo.set('big', 'X', 50);
    expect(memo.get('big')).toBe('X');
    memo.set('small', 'y', 1);
    expect(memo.get('big')).toBeUndefined();
    expect(memo.get('small')).toBe('y');
  });

  it('replaces a key in place', () => {
    const memo = new IndexMemo<string>(100, 10);
    memo.set('a', 'one', 30);
    memo.set('a', 'two', 20);
    expect(memo.get('a')).toBe('two');
    expect(memo.heldBytes).toBe(20);
  });
});
