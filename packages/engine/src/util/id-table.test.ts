import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/random';
import { IdTable } from './id-table';
import { PackedStrings } from './packed-strings';

/** A decimal id: snowflake-sized, small, at the edges of 2^32 and 2^64, or not an id the table packs. */
function idOf(rand: () => number): string {
  const r = rand();
  if (r < 0.5) return String(1_500_000_000_000_000_000n + BigInt(Math.floor(rand() * 2 ** 40)));
  if (r < 0.7) return String(Math.floor(rand() * 3_000));
  if (r < 0.75) return String(2 ** 32 - 2 + Math.floor(rand() * 4));
  if (r < 0.8) return String(2n ** 64n - 3n + BigInt(Math.floor(rand() * 6)));
  const odd = ['a', '0', '00', '01', '-1', '+1', '1e3', '１２', '', '99999999999999999999999'];
  return `${odd[Math.floor(rand() * odd.length)]}${r < 0.9 ? '' : Math.floor(rand() * 50)}`;
}

describe('IdTable', () => {
  it('answers as a Map<string, number> over random sets, overwrites, deletes and growth', () => {
    for (const seed of [1, 2, 3]) {
      const rand = seededRandom(seed);
      const table = new IdTable();
      const map = new Map<string, number>();
      const seen: string[] = [];
      const wrong: string[] = [];
      for (let step = 0; step < 30_000; step++) {
        const r = rand();
        const id = r < 0.3 && seen.length > 0 ? seen[Math.floor(rand() * seen.length)]! : idOf(rand);
        seen.push(id);
        if (r < 0.65) {
          const value = Math.floor(rand() * 2 ** 32 - 1);
          table.set(id, value);
          map.set(id, value);
        } else if (r < 0.9) {
          if (table.delete(id) !== map.delete(id)) wrong.push(`delete ${id} at ${step}`);
        } else if (table.get(id) !== map.get(id)) wrong.push(`get ${id} at ${step}`);
        if (table.size !== map.size) wrong.push(`size at ${step}`);
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      for (const id of seen) expect(table.get(id), id).toBe(map.get(id));
      expect(map.size).toBeGreaterThan(1_000);
    }
  });

  it('keeps ids that collide in their home slot apart, and finds them after deleting others in the run', () => {
    // A table of 16 slots holding 11 ids: runs of several ids, deletions in their middle.
    const table = new IdTable();
    const ids = Array.from({ length: 11 }, (_, i) => String(1_000_000_000_000 + i * 7919));
    ids.forEach((id, i) => table.set(id, i));
    for (const [i, id] of ids.entries()) if (i % 3 === 0) table.delete(id);
    ids.forEach((id, i) => expect(table.get(id)).toBe(i % 3 === 0 ? undefined : i));
    expect(table.size).toBe(7);
  });

  it('refuses a value it cannot hold', () => {
    const table = new IdTable();
    expect(() => table.set('1', -1)).toThrow(RangeError);
    expect(() => table.set('1', 2 ** 32 - 1)).toThrow(RangeError);
    expect(table.get('1')).toBeUndefined();
    const packed = packed1(['1']);
    expect(() => table.setFrom(packed, 0, -1)).toThrow(RangeError);
    expect(table.get('1')).toBeUndefined();
  });

  it('sets from a packed string column as from its strings, whatever the entry', () => {
    for (const seed of [4, 5]) {
      const rand = seededRandom(seed);
      const ids = Array.from({ length: 5_000 }, () => idOf(rand));
      const strings = packed1(ids);
      const [fromStrings, fromBytes] = [new IdTable(), new IdTable()];
      // Slots past either end read as '' (an account without a record), as `get` reads them.
      for (let slot = -1; slot <= ids.length; slot++) {
        fromStrings.set(strings.get(slot), slot + 1);
        fromBytes.setFrom(strings, slot, slot + 1);
      }
      expect(fromBytes.size).toBe(fromStrings.size);
      for (const id of [...ids, '']) expect(fromBytes.get(id)).toBe(fromStrings.get(id));
      // A plain string source takes the strings' path.
      const plain = new IdTable().setFrom({ size: 1, get: () => '0123' }, 0, 7);
      expect(plain.get('0123')).toBe(7);
    }
  });
});

/** A packed column of `values`, as an index's ids are packed. */
function packed1(values: string[]): PackedStrings {
  const encoded = values.map((v) => new TextEncoder().encode(v));
  const bytes = new Uint8Array(encoded.reduce((n, e) => n + e.length, 0));
  const ends = new Uint32Array(values.length);
  let at = 0;
  encoded.forEach((e, i) => {
    bytes.set(e, at);
    ends[i] = at += e.length;
  });
  return new PackedStrings(bytes, ends);
}
