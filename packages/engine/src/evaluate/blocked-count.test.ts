import { describe, expect, it } from 'vitest';
import { newBits, setAll } from '../bits/bitset';
import { blockedCount } from './blocked-count';
import { seededRandom } from '../testing/random';

// Not a multiple of the 8 192-account block, nor of 32: the last block and the last word are partial.
const SIZE = 3 * 8192 + 1000 + 7;

const members = (next: () => number, share: number) => {
  const out: number[] = [];
  for (let n = 0; n < SIZE; n++) if (next() < share) out.push(n);
  return out;
};
const bits = (numbers: number[]) => {
  const b = newBits(SIZE);
  setAll(b, numbers);
  return b;
};

describe('blockedCount', () => {
  const next = seededRandom(11);
  for (const denseCount of [0, 1, 3]) {
    it(`counts (∪ dense ∪ lists) ∩ mask exactly, with ${denseCount} dense postings`, () => {
      const mask = [...new Set([...members(next, 0.4), 8192, 16384])].sort((a, b) => a - b);
      const dense = Array.from({ length: denseCount }, () => members(next, 0.1));
      const lists = Array.from({ length: 4 }, () => members(next, 0.03));
      // An account listed twice, and lists that end in the first block or start in the last.
      lists[0]!.splice(3, 0, lists[0]![3]!);
      lists.push(members(next, 0.05).filter((n) => n < 5000));
      lists.push(members(next, 0.05).filter((n) => n >= SIZE - 900));
      // Accounts on either side of the blocks' edges.
      lists.push([0, 8191, 8192, 16383, 16384, SIZE - 1]);
      const allowed = new Set(mask);
      const expected = new Set([...dense.flat(), ...lists.flat()].filter((n) => allowed.has(n))).size;
      const count = blockedCount(
        dense.map(bits),
        lists.map((l) => Uint32Array.from(l)),
        bits(mask),
      );
      expect(count).toBe(expected);
    });
  }

  it('leaves its block zeroed: a second count is not polluted by the first', () => {
    const everyone = bits(Array.from({ length: SIZE }, (_, n) => n));
    const first = members(next, 0.2);
    expect(blockedCount([], [Uint32Array.from(first)], everyone)).toBe(first.length);
    expect(blockedCount([], [Uint32Array.of(5)], everyone)).toBe(1);
  });
});
