import { describe, expect, it } from 'vitest';
import { bitsToArray, countBits, newBits, setAll } from '../bits/bitset';
import type { Posting } from '../bits/posting';
import { buildMask } from './mask-build';
import { seededRandom } from '../testing/random';

const SIZE = 10_000;

/** A posting of about `share` of the accounts, as a bitset or as a sorted list (with a repeat). */
function posting(next: () => number, share: number, kind: 'list' | 'bits'): Posting {
  const members: number[] = [];
  for (let n = 0; n < SIZE; n++) if (next() < share) members.push(n);
  if (members.length > 0 && kind === 'list') members.splice(1, 0, members[0]!);
  if (kind === 'list') return { kind, count: members.length, list: Uint32Array.from(members) };
  const bits = newBits(SIZE);
  setAll(bits, members);
  return { kind, count: members.length, bits };
}

/** The mask by definition: present accounts in at least one posting of every filter. */
function reference(present: Uint32Array, filters: Posting[][]): number[] {
  const has = (p: Posting, n: number) =>
    p.kind === 'bits' ? ((p.bits[n >>> 5]! >>> (n & 31)) & 1) === 1 : p.list.includes(n);
  return [...bitsToArray(present)].filter((n) => filters.every((f) => f.some((p) => has(p, n))));
}

describe('buildMask', () => {
  const next = seededRandom(7);
  const present = posting(next, 0.9, 'bits');
  const presentBits = (present as Extract<Posting, { kind: 'bits' }>).bits;
  const dense = () => posting(next, 0.2, 'bits');
  const rare = () => posting(next, 0.005, 'list');
  const common = () => posting(next, 0.05, 'list');
  const cases: [string, () => Posting[][]][] = [
    ['dense filters only (the pass over the words)', () => [[dense(), dense()], [dense()]]],
    [
      'a filter of dense and long list postings (a scratch bitset in the pass)',
      () => [[dense(), common()], [dense()]],
    ],
    [
      'a filter of short lists drives, tested against dense and list filters',
      () => [[rare(), rare()], [dense()], [common(), dense()]],
    ],
    [
      'two lists-only filters: the smaller drives, the other is tested',
      () => [[common(), common()], [rare()]],
    ],
    ['a filter matching nothing', () => [[dense()], []]],
    ['an empty list posting', () => [[{ kind: 'list', count: 0, list: new Uint32Array(0) }], [dense()]]],
  ];
  for (const [name, make] of cases) {
    it(`equals the definition: ${name}`, () => {
      const filters = make();
      const expected = reference(presentBits, filters);
      const mask = buildMask(SIZE, presentBits, filters);
      expect([...bitsToArray(mask.bits)]).toEqual(expected);
      expect(mask.count).toBe(expected.length);
      expect(countBits(mask.bits)).toBe(expected.length);
    });
  }

  it('leaves no scratch bits behind for the next mask', () => {
    const listed = [[dense()], [common(), common()], [dense(), common()]];
    buildMask(SIZE, presentBits, listed);
    const later = [[dense()], [dense(), rare()]];
    expect([...bitsToArray(buildMask(SIZE, presentBits, later).bits)]).toEqual(reference(presentBits, later));
  });
});
