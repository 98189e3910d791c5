import { describe, expect, it } from 'vitest';
import { newBits, setAll } from '../bits/bitset';
import type { Posting } from '../bits/posting';
import type { AudienceIndex } from '../postings/audience-index';
import { keywordPostings } from './keyword';

const SIZE = 3200;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const bits = (numbers: number[]): Posting => {
  const b = newBits(SIZE);
  setAll(b, numbers);
  return { kind: 'bits', bits: b, count: numbers.length };
};

/** A fake index of 3 200 accounts with bio words only: "alpha" and "beta" overlap in 10 accounts, "alpha" and "gamma" in 1 000. */
function fakeIndex(): AudienceIndex {
  const words: Record<string, Posting> = {
    alpha: bits(range(0, 1500)),
    beta: bits(range(1490, 3000)),
    gamma: bits(range(500, 3200)),
  };
  const ids = Object.keys(words);
  return {
    size: SIZE,
    terms: {
      find: (field: string, w: string) => (field === 'bioWord' && w in words ? ids.indexOf(w) : undefined),
    },
    postings: { get: (t: number) => words[ids[t]!]! },
  } as unknown as AudienceIndex;
}

describe('keywordPostings', () => {
  const index = fakeIndex();
  it('keeps a rare multi-word intersection as a sorted list, as the index keeps a rare term', () => {
    const [p] = keywordPostings(index, 'alpha beta');
    expect(p?.kind).toBe('list');
    expect(p?.count).toBe(10);
    expect(p?.kind === 'list' ? [...p.list] : []).toEqual(range(1490, 1500));
  });
  it('keeps a common one (over 1/32 of the accounts) as a bitset', () => {
    const [p] = keywordPostings(index, 'alpha gamma');
    expect(p?.kind).toBe('bits');
    expect(p?.count).toBe(1000);
  });
});
