import { describe, expect, it } from 'vitest';
import type { Posting } from '../bits/posting';
import type { Csr } from '../postings/csr';
import { accountPostTerms } from './account-post-terms';
import { invert } from './invert';
import { transpose } from './transpose';
import { seededRandom } from '../testing/random';

const csr = (rows: number[][]): Csr => {
  const offsets = new Uint32Array(rows.length + 1);
  rows.forEach((r, i) => (offsets[i + 1] = offsets[i]! + r.length));
  return { offsets, data: Uint32Array.from(rows.flat()) };
};

const members = (p: Posting, size: number): number[] => {
  if (p.kind === 'list') return [...p.list];
  const out: number[] = [];
  for (let n = 0; n < size; n++) if ((p.bits[n >>> 5]! >>> (n & 31)) & 1) out.push(n);
  return out;
};

describe('invert and transpose', () => {
  it('give every term its sorted accounts (lists, or bitsets when dense), present accounts only', () => {
    const random = seededRandom(7);
    const size = 4000;
    const terms = 40;
    const present = Uint8Array.from({ length: size }, () => (random() < 0.9 ? 1 : 0));
    const column = Uint32Array.from({ length: size }, () =>
      random() < 0.3 ? 0 : 1 + Math.floor(random() * 5),
    );
    const rows = Array.from({ length: size }, () => {
      const row = new Set<number>();
      const k = Math.floor(random() * 6);
      // Term 39 is rare (sparse list); low ids are common (dense bitsets).
      for (let i = 0; i < k; i++) row.add(random() < 0.005 ? 39 : 5 + Math.floor(random() * random() * 30));
      return [...row];
    });
    const store = invert(terms, size, { columns: [column], rows: [csr(rows)], present });
    for (let t = 0; t < terms; t++) {
      const expected: number[] = [];
      for (let n = 0; n < size; n++) {
        if (!present[n]) continue;
        if (column[n] === t + 1 || rows[n]!.includes(t)) expected.push(n);
      }
      expect(members(store.get(t), size), `term ${t}`).toEqual(expected);
      expect(store.count(t)).toBe(expected.length);
    }
    expect(store.get(0).kind).toBe('bits');
    expect(store.get(39).kind).toBe('list');

    const follows = Array.from({ length: size }, () => [
      ...new Set([1, 2, 3].map(() => Math.floor(random() * size))),
    ]);
    const followers = transpose(csr(follows), size, present);
    for (const target of [0, 17, 150, 3999]) {
      const expected = follows.flatMap((row, n) => (present[n] && row.includes(target) ? [n] : []));
      expect(members(followers.get(target), size)).toEqual(expected);
    }
  });

  it('collects each account’s distinct post terms in first-use order', () => {
    const postRows = csr([[1, 2], [2, 3], [4], [1, 5, 1]]);
    const postsByAuthor = csr([[0, 1], [], [2, 3]]);
    const out = accountPostTerms(postRows, postsByAuthor, 6);
    expect([...out.offsets]).toEqual([0, 3, 3, 6]);
    expect([...out.data]).toEqual([1, 2, 3, 4, 1, 5]);
  });
});

describe('transpose', () => {
  it('gives the same sorted followers whatever the buckets and chunks it groups pairs in', () => {
    const random = seededRandom(11);
    const size = 300;
    const present = Uint8Array.from({ length: size }, () => (random() < 0.85 ? 1 : 0));
    // Targets 0–2 are followed by most accounts (bitsets); a few rows repeat a follow or name a
    // target beyond the index (dropped); account 5 follows far more than a chunk holds.
    const follows = Array.from({ length: size }, (_, n) => {
      const row = Array.from({ length: Math.floor(random() * 8) }, () =>
        random() < 0.5 ? Math.floor(random() * 3) : Math.floor(random() * (size + 20)),
      );
      if (n === 5) for (let t = 0; t < size; t += 2) row.push(t);
      return row.sort((a, b) => a - b);
    });
    const expected = (target: number): number[] =>
      follows.flatMap((row, n) => (present[n] ? row.filter((t) => t === target).map(() => n) : []));
    // The reference: the direct two-pass inversion, whose counts are pairs (a repeat counts twice).
    const reference = invert(size, size, { columns: [], rows: [csr(follows)], present });
    for (const options of [undefined, { bucketShift: 3, chunkPairs: 7 }, { bucketShift: 0, chunkPairs: 1 }]) {
      const followers = transpose(csr(follows), size, present, options);
      expect(followers.get(0).kind).toBe('bits');
      for (let target = 0; target < size; target++) {
        const want = expected(target);
        const got = followers.get(target);
        expect(got.kind, `kind of ${target}`).toBe(reference.get(target).kind);
        expect(followers.count(target), `count of ${target}`).toBe(want.length);
        expect(members(got, size), `followers of ${target}`).toEqual(
          got.kind === 'bits' ? [...new Set(want)] : want,
        );
      }
    }
  });
});
