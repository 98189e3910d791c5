import { describe, expect, it } from 'vitest';
import { TermMarks, appended } from './structures';

describe('TermMarks', () => {
  it('holds one set at a time: a new set starts from its row alone', () => {
    const marks = new TermMarks();
    const first = marks.of([1, 5, 5, 9]);
    expect([0, 1, 2, 5, 9].map((t) => first.has(t))).toEqual([false, true, false, true, true]);
    first.add(2);
    expect(first.has(2)).toBe(true);
    const second = marks.of(new Uint32Array([3]));
    expect([1, 2, 3, 5, 9].map((t) => second.has(t))).toEqual([false, false, true, false, false]);
  });

  it('grows for a term id past its marks, keeping the set', () => {
    const marks = new TermMarks().of([7]);
    marks.add(1_000_000);
    expect(marks.has(1_000_000)).toBe(true);
    expect(marks.has(7)).toBe(true);
    expect(marks.has(999_999)).toBe(false);
    expect(marks.has(5_000_000)).toBe(false);
  });
});

describe('appended', () => {
  it('is a new array: the row, then the values', () => {
    const row = new Uint32Array([4, 2]);
    const out = appended(row, 9, 1);
    expect([...out]).toEqual([4, 2, 9, 1]);
    expect(out).not.toBe(row);
    expect([...appended([], 3)]).toEqual([3]);
    expect([...row]).toEqual([4, 2]);
  });
});
