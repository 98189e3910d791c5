import { describe, expect, it } from 'vitest';
import {
  decodeIds,
  decodePairs,
  diffLists,
  diffPairs,
  diffSorted,
  encodeIds,
  encodePairs,
  idLookup,
  idsOfPairs,
  pairsOfIds,
} from './member-ids';

/** Ids in numeric order, compared as bigints (independently of byNumber). */
const numeric = (ids: Iterable<string>) =>
  [...new Set(ids)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));

/** A deterministic spread of X-like ids: small, 18–19 digits, near 2^64, and wide gaps. */
function someIds(n: number, seed: number): string[] {
  let s = seed;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s;
  };
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const kind = next() % 4;
    const r = BigInt(next()) * 4294967296n + BigInt(next());
    if (kind === 0) ids.push(String(next() % 1_000_000));
    else if (kind === 1) ids.push((10n ** 17n + (r % 10n ** 18n)).toString());
    else if (kind === 2) ids.push(((1n << 64n) - 1n - (r % 10n ** 12n)).toString());
    else ids.push(((r % (1n << 34n)) * 1_000_000_000n + 999_999_999n).toString());
  }
  return ids;
}

describe('member id sets', () => {
  it('read back every id in numeric order, whether given sorted, unsorted or with duplicates', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const ids = someIds(150, seed);
      const want = numeric(ids);
      expect(decodeIds(encodeIds(ids))).toEqual(want);
      expect(decodeIds(encodeIds(want))).toEqual(want);
      expect(decodeIds(encodeIds([...ids, ...ids.slice(0, 10)]))).toEqual(want);
    }
  });

  it('keep ids whose difference is beyond an exact double and ones that straddle 1e9', () => {
    const ids = ['0', '999999999', '1000000000', '1000000001', '9007199254740993', '18446744073709551615'];
    expect(decodeIds(encodeIds(ids))).toEqual(ids);
    expect(decodeIds(encodeIds(['18446744073709551615', '1']))).toEqual(['1', '18446744073709551615']);
  });

  it('write the same bytes for a set, in whatever order its ids come', () => {
    const ids = someIds(300, 7);
    expect(encodeIds([...ids].reverse())).toEqual(encodeIds(numeric(ids)));
  });

  it('keep other ids as lines', () => {
    expect(decodeIds(encodeIds(['b', 'a', '12']))).toEqual(['12', 'a', 'b']);
    expect(decodeIds(encodeIds([]))).toEqual([]);
    // Not X ids: a leading zero, a sign, 2^64, more than 20 digits.
    for (const other of ['012', '-5', '+5', '18446744073709551616', '1'.repeat(21), '1e5', ' 5'])
      expect(decodeIds(encodeIds([other, '7']))).toEqual(['7', other].sort());
    expect(decodeIds(encodeIds(['0', '18446744073709551615']))).toEqual(['0', '18446744073709551615']);
  });

  it('answer membership without reading their ids out (idLookup), as a Set of them does', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const ids = someIds(200, seed);
      const inSet = ids.filter((_, i) => i % 2 === 0);
      const lookup = idLookup(encodeIds(inSet));
      const set = new Set(inSet);
      for (const id of [...ids, '0', '1', '999999999', '1000000000', 'a', '', '012'])
        expect(lookup.has(id), id).toBe(set.has(id));
    }
    expect(idLookup(encodeIds(['b', 'a'])).has('a')).toBe(true);
    expect(idLookup(encodeIds([])).has('1')).toBe(false);
  });
});

describe('the difference of two sets', () => {
  it('is who joined and who left, as sets compared one by one find them', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const before = numeric(someIds(200, seed));
      const after = numeric([...before.filter((_, i) => i % 7 !== 0), ...someIds(30, seed + 100)]);
      const was = new Set(before);
      const is = new Set(after);
      expect(diffSorted(before, after)).toEqual({
        joined: after.filter((id) => !was.has(id)),
        left: before.filter((id) => !is.has(id)),
      });
    }
  });

  it('sorts lists that are not in numeric order first (a set of other ids reads back in lexical order)', () => {
    const before = decodeIds(encodeIds(['b', '10', '9']));
    expect(before).toEqual(['10', '9', 'b']);
    // Shortest first, then as text (byNumber).
    expect(diffSorted(before, ['9', 'c'])).toEqual({ joined: ['c'], left: ['b', '10'] });
    expect(diffSorted(['b', '10'], before.slice(1))).toEqual({ joined: ['9'], left: ['10'] });
  });
});

describe('sets as pairs of numbers', () => {
  it('write the bytes encodeIds writes, read back as its ids, and differ as diffSorted finds', () => {
    const edges = ['0', '999999999', '1000000000', '1000000001', '9007199254740993', '18446744073709551615'];
    expect(idsOfPairs(decodePairs(encodeIds(edges))!)).toEqual(edges);
    expect(encodePairs(pairsOfIds(edges)!)).toEqual(encodeIds(edges));
    for (let seed = 1; seed <= 20; seed++) {
      const before = numeric(someIds(200, seed));
      const after = numeric([...before.filter((_, i) => i % 7 !== 0), ...someIds(30, seed + 100)]);
      const a = pairsOfIds([...before].reverse())!;
      const b = pairsOfIds(after)!;
      expect(idsOfPairs(a)).toEqual(before);
      expect(encodePairs(a)).toEqual(encodeIds(before));
      expect(decodePairs(encodeIds(after))).toEqual(b);
      const want = diffSorted(before, after);
      const got = diffPairs(a, b);
      expect({ joined: idsOfPairs(got.joined), left: idsOfPairs(got.left) }).toEqual(want);
      expect(encodePairs(got.joined)).toEqual(encodeIds(want.joined));
      // A list of ids against pairs (a set read back from the database): the same difference.
      const mixed = diffLists(before, b);
      expect({
        joined: idsOfPairs(mixed.joined as Float64Array),
        left: idsOfPairs(mixed.left as Float64Array),
      }).toEqual(want);
    }
  });

  it('are not made of other ids', () => {
    expect(pairsOfIds(['12', 'a'])).toBeNull();
    expect(decodePairs(encodeIds(['b', 'a']))).toBeNull();
    expect(diffLists(['a', 'b'], ['b', 'c'])).toEqual({ joined: ['c'], left: ['a'] });
  });
});
