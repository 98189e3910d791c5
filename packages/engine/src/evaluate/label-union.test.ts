import { describe, expect, it } from 'vitest';
import { bitsToArray, newBits, setAll } from '../bits/bitset';
import type { Posting } from '../bits/posting';
import type { AudienceIndex } from '../postings/audience-index';
import { itemPostings } from './label-union';

const SIZE = 6400;
const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.ceil((to - from) / step) }, (_, i) => from + i * step);
const list = (numbers: number[]): Posting => ({
  kind: 'list',
  count: numbers.length,
  list: Uint32Array.from(numbers),
});
const bits = (numbers: number[]): Posting => {
  const b = newBits(SIZE);
  setAll(b, numbers);
  return { kind: 'bits', bits: b, count: numbers.length };
};
const membersOf = (p: Posting) => (p.kind === 'list' ? [...p.list] : [...bitsToArray(p.bits)]);

/** A fake index of 6 400 accounts whose terms are the postings below (only what itemPostings reads). */
function fakeIndex(postings: Posting[]): AudienceIndex {
  return { size: SIZE, postings: { get: (t: number) => postings[t]! } } as unknown as AudienceIndex;
}

describe('itemPostings', () => {
  const postings = [
    bits(range(0, 6400, 3)),
    list(range(1, 6400, 50)),
    list(range(2, 6400, 70)),
    list(range(5, 400, 100)),
    list(range(7, 400, 100)),
    list(range(7, 400, 100)),
  ];
  const index = fakeIndex(postings);

  it('gives one or two terms their own postings', () => {
    expect(itemPostings(index, [1, 2])).toEqual([postings[1], postings[2]]);
  });

  it('unions three or more terms into one posting with exactly their accounts', () => {
    const [union, ...rest] = itemPostings(index, [0, 1, 2]);
    expect(rest).toEqual([]);
    const expected = [...new Set([0, 1, 2].flatMap((t) => membersOf(postings[t]!)))].sort((a, b) => a - b);
    expect(union!.kind).toBe('bits');
    expect(membersOf(union!)).toEqual(expected);
    expect(union!.count).toBe(expected.length);
  });

  it('keeps a rare union as a sorted list, an account in two terms once', () => {
    const [union] = itemPostings(index, [3, 4, 5]);
    expect(union!.kind).toBe('list');
    expect(membersOf(union!)).toEqual([5, 7, 105, 107, 205, 207, 305, 307]);
    expect(union!.count).toBe(8);
  });
});
