import { describe, expect, it } from 'vitest';
import { AccountSet } from './account-set';
import {
  andInto,
  andNotInto,
  bitsToArray,
  countAnd,
  countBits,
  newBits,
  orInto,
  popcount32,
  setAll,
} from './bitset';
import { andPosting, isDense, orPosting, postingToBits, type Posting } from './posting';

const bits = (size: number, numbers: number[]) => {
  const b = newBits(size);
  setAll(b, numbers);
  return b;
};

describe('bitsets', () => {
  it('counts, combines and lists members', () => {
    const a = bits(100, [0, 31, 32, 63, 99]);
    const b = bits(100, [31, 32, 50]);
    expect(countBits(a)).toBe(5);
    expect(countAnd(a, b)).toBe(2);
    const union = a.slice();
    orInto(union, b);
    expect([...bitsToArray(union)]).toEqual([0, 31, 32, 50, 63, 99]);
    const both = a.slice();
    andInto(both, b);
    expect([...bitsToArray(both)]).toEqual([31, 32]);
    andNotInto(a, b);
    expect([...bitsToArray(a)]).toEqual([0, 63, 99]);
    expect(popcount32(0xffffffff)).toBe(32);
  });

  it('counts the bits of any word, negative (bit 31 set) or not', () => {
    const naive = (x: number) => [...(x >>> 0).toString(2)].filter((c) => c === '1').length;
    for (const x of [0, 1, 0x8000, 0x10000, 0x80000000, -1, 0x7fffffff, 0x12345678, 0xdeadbeef | 0]) {
      expect(popcount32(x)).toBe(naive(x));
    }
  });

  it('ignores numbers outside the range', () => {
    expect([...AccountSet.fromNumbers(10, [3, 12, -1]).toArray()]).toEqual([3]);
  });
});

describe('postings', () => {
  const list: Posting = { kind: 'list', count: 2, list: Uint32Array.of(5, 70) };
  const dense: Posting = { kind: 'bits', count: 3, bits: bits(100, [5, 6, 7]) };

  it('switch to a bitset above 1/32 of the accounts', () => {
    expect(isDense(4, 100)).toBe(true);
    expect(isDense(3, 100)).toBe(false);
  });

  it('combine whatever their representation', () => {
    const target = newBits(100);
    orPosting(target, list);
    orPosting(target, dense);
    expect([...bitsToArray(target)]).toEqual([5, 6, 7, 70]);
    const narrowed = postingToBits(dense, 100);
    andPosting(narrowed, list, 100);
    expect([...bitsToArray(narrowed)]).toEqual([5]);
  });
});
