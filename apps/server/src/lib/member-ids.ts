/**
 * Sets of X account ids, compactly (the audience memberships of db/schema/membership.ts). X ids are
 * decimal numbers below 2^64: sorted numerically, each is written as its difference from the one
 * before as a varint (LEB128), after a format byte and the count. A set holding any other id
 * (never X's; a test's or a foreign source's) is written as sorted UTF-8 lines instead.
 */

const NUMERIC = 1;
const LINES = 2;
const U64 = 1n << 64n;

/** A canonical decimal below 2^64 (no sign, no leading zero): an X id. Read char by char (a history point encodes hundreds). */
function isNumericId(id: string): boolean {
  const n = id.length;
  if (n === 0 || n > 20 || (n > 1 && id.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < n; i++) {
    const digit = id.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return false;
  }
  return n < 20 || BigInt(id) < U64;
}

/**
 * Numeric order of canonical decimal ids (and a total order of any strings). Equal ids are told
 * first: in a merge of two days' members most pairs are equal, and one comparison answers them.
 */
export const byNumber = (a: string, b: string): number =>
  a.length - b.length || (a === b ? 0 : a < b ? -1 : 1);

class Writer {
  private buf = new Uint8Array(256);
  length = 0;
  private room(n: number) {
    if (this.length + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + n));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  byte(b: number) {
    this.room(1);
    this.buf[this.length++] = b;
  }
  /** A whole number ≥ 0 (a safe integer or a bigint), 7 bits per byte, low first. */
  varint(value: number | bigint) {
    this.room(10);
    if (typeof value === 'bigint' && value <= BigInt(Number.MAX_SAFE_INTEGER)) value = Number(value);
    if (typeof value === 'number') {
      while (value >= 0x80) {
        this.buf[this.length++] = (value % 0x80) | 0x80;
        value = Math.floor(value / 0x80);
      }
      this.buf[this.length++] = value;
      return;
    }
    while (value >= 0x80n) {
      this.buf[this.length++] = Number(value & 0x7fn) | 0x80;
      value >>= 7n;
    }
    this.buf[this.length++] = Number(value);
  }
  bytes(b: Uint8Array) {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  done(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** An id as two exact doubles, `hi * 1e9 + lo` (hi < 2^35 for ids below 2^64). */
const hiOf = (id: string): number => digits(id, 0, id.length - 9);
const loOf = (id: string): number => digits(id, id.length - 9, id.length);
/** The decimal digits id[from, to) as a number (0 when none; `from` below 0 reads from the start). */
function digits(id: string, from: number, to: number): number {
  let value = 0;
  for (let i = Math.max(from, 0); i < to; i++) value = value * 10 + id.charCodeAt(i) - 48;
  return value;
}
/** Differences whose `hi` parts differ by less than this are exact doubles (below 2^53). */
const EXACT_HI = 9_000_000;

/**
 * Lists known to be strictly ascending: read by decodeIds from a numeric set, made in order by the
 * engine (member-order.ts `memberIds`, `knownAscending`) or checked once here; not checked again (a
 * set's ids are read, then diffed, encoded or kept for the next point's diff, without being changed).
 */
const checkedAscending = new WeakSet<readonly string[]>();

/** Records that `ids` (never changed after) are strictly ascending in numeric order; returns them. */
export function knownAscending<T extends readonly string[]>(ids: T): T {
  checkedAscending.add(ids);
  return ids;
}

/** Whether `ids` are known strictly ascending without a check (`knownAscending`, decodeIds). */
export const isKnownAscending = (ids: readonly string[]): boolean => checkedAscending.has(ids);

/** True when `ids` are strictly ascending in numeric order (so distinct); checked once per list. */
const ascending = (ids: readonly string[]): boolean => {
  if (checkedAscending.has(ids)) return true;
  for (let i = 1; i < ids.length; i++) if (byNumber(ids[i - 1]!, ids[i]!) >= 0) return false;
  checkedAscending.add(ids);
  return true;
};

/** Encodes a set of ids (duplicates kept once). */
export function encodeIds(ids: Iterable<string>): Uint8Array {
  const given = Array.isArray(ids) ? (ids as string[]) : [...ids];
  // Ids already distinct and in numeric order (the engine's members) skip the set and the sort.
  const sorted = ascending(given);
  const unique = sorted ? given : [...new Set(given)];
  const w = new Writer();
  if (unique.every(isNumericId)) {
    // Canonical decimals sort numerically by length, then as text (cheaper than comparing bigints).
    if (!sorted) unique.sort(byNumber);
    w.byte(NUMERIC);
    w.varint(unique.length);
    // Each difference from two exact halves (hi × 1e9 + lo) when it fits a double; else as bigints.
    let hi = 0;
    let lo = 0;
    let previous = '0';
    for (const id of unique) {
      const h = hiOf(id);
      const l = loOf(id);
      w.varint(h - hi < EXACT_HI ? (h - hi) * 1e9 + (l - lo) : BigInt(id) - BigInt(previous));
      hi = h;
      lo = l;
      previous = id;
    }
    return w.done();
  }
  unique.sort();
  w.byte(LINES);
  w.bytes(new TextEncoder().encode(unique.join('\n')));
  return w.done();
}

/** The ids of an encoded set, in its order (numeric, else lexical). */
export function decodeIds(bytes: Uint8Array): string[] {
  if (bytes.length === 0) return [];
  if (bytes[0] === LINES) {
    const text = new TextDecoder().decode(bytes.subarray(1));
    return text === '' ? [] : text.split('\n');
  }
  // A numeric set: its pairs written out (known ascending, as they were encoded).
  return idsOfPairs(decodePairs(bytes)!);
}

/**
 * Who joined and who left between two sets of ids, each distinct and in numeric order (as
 * decodeIds reads a numeric set and the engine's members come): one merge of the two lists. Lists
 * in another order (a set of other ids, read in lexical order) are sorted first.
 */
export function diffSorted(
  before: readonly string[],
  after: readonly string[],
): { joined: string[]; left: string[] } {
  const a = ascending(before) ? before : [...new Set(before)].sort(byNumber);
  const b = ascending(after) ? after : [...new Set(after)].sort(byNumber);
  const joined: string[] = [];
  const left: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const order = byNumber(a[i]!, b[j]!);
    if (order === 0) {
      i++;
      j++;
    } else if (order < 0) left.push(a[i++]!);
    else joined.push(b[j++]!);
  }
  while (i < a.length) left.push(a[i++]!);
  while (j < b.length) joined.push(b[j++]!);
  return { joined, left };
}

/**
 * A set of canonical decimal ids without a string an id: each id as the two exact doubles encodeIds
 * writes it from, (hi, lo) = (⌊id / 1e9⌋, id mod 1e9), interleaved, in strictly ascending order. A
 * point's members are compared with the point before and encoded in this form (the engine's id order
 * gives it, member-order.ts `memberPairs`): a merge of numbers instead of strings, the same bytes.
 */
export type IdPairs = Float64Array;

/** A point's member list: ids (distinct, in numeric order) or the same set as IdPairs. */
export type MemberList = readonly string[] | IdPairs;

/** Ids in a member list. */
export const countOf = (list: MemberList): number => (Array.isArray(list) ? list.length : list.length / 2);

const idOfPair = (hi: number, lo: number): string =>
  hi === 0 ? String(lo) : `${hi}${String(lo).padStart(9, '0')}`;

/** The ids of pairs, in their (numeric) order. */
export function idsOfPairs(pairs: IdPairs): string[] {
  const ids = new Array<string>(pairs.length / 2);
  for (let i = 0; i < ids.length; i++) ids[i] = idOfPair(pairs[2 * i]!, pairs[2 * i + 1]!);
  return knownAscending(ids);
}

/** The pairs of a set of ids (in any order, duplicates kept once); null when one is not numeric. */
export function pairsOfIds(ids: readonly string[]): IdPairs | null {
  const sorted = ascending(ids) ? ids : [...new Set(ids)].sort(byNumber);
  if (!sorted.every(isNumericId)) return null;
  const pairs = new Float64Array(sorted.length * 2);
  for (let i = 0; i < sorted.length; i++) {
    pairs[2 * i] = hiOf(sorted[i]!);
    pairs[2 * i + 1] = loOf(sorted[i]!);
  }
  return pairs;
}

/** A member list as ids (pairs written out). */
export const idsOfList = (list: MemberList): readonly string[] =>
  Array.isArray(list) ? (list as readonly string[]) : idsOfPairs(list as IdPairs);

/** Encodes pairs: the bytes encodeIds writes for the same ids. */
export function encodePairs(pairs: IdPairs): Uint8Array {
  const w = new Writer();
  w.byte(NUMERIC);
  w.varint(pairs.length / 2);
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < pairs.length; i += 2) {
    const h = pairs[i]!;
    const l = pairs[i + 1]!;
    w.varint(
      h - hi < EXACT_HI
        ? (h - hi) * 1e9 + (l - lo)
        : BigInt(h) * 1_000_000_000n + BigInt(l) - (BigInt(hi) * 1_000_000_000n + BigInt(lo)),
    );
    hi = h;
    lo = l;
  }
  return w.done();
}

/** Encodes a member list (encodeIds of its ids). */
export const encodeList = (list: MemberList): Uint8Array =>
  Array.isArray(list) ? encodeIds(list as readonly string[]) : encodePairs(list as IdPairs);

/** The pairs of an encoded numeric set (decodeIds without its strings); null for a set of lines. */
export function decodePairs(bytes: Uint8Array): IdPairs | null {
  if (bytes.length === 0) return new Float64Array(0);
  if (bytes[0] === LINES) return null;
  if (bytes[0] !== NUMERIC) throw new Error(`unknown id set format ${bytes[0]}`);
  let at = 1;
  /** The next varint: a number when below 2^53, else a bigint. */
  const varint = (): number | bigint => {
    let small = 0;
    let scale = 1;
    let big: bigint | undefined;
    for (;;) {
      const b = bytes[at++];
      if (b === undefined) throw new Error('truncated id set');
      if (big === undefined && scale < 2 ** 46) small += (b & 0x7f) * scale;
      else {
        big ??= BigInt(small);
        big += BigInt(b & 0x7f) * BigInt(scale);
      }
      if (b < 0x80)
        return big === undefined || big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big ?? small) : big;
      scale *= 0x80;
    }
  };
  const count = Number(varint());
  const pairs = new Float64Array(count * 2);
  // The running value as hi × 1e9 + lo (exact doubles), the way encodeIds wrote it.
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < count; i++) {
    const d = varint();
    if (typeof d === 'bigint') {
      const v = BigInt(hi) * 1_000_000_000n + BigInt(lo) + d;
      hi = Number(v / 1_000_000_000n);
      lo = Number(v % 1_000_000_000n);
    } else {
      // d − r is an exact multiple of 1e9: its quotient is exact (floor(d / 1e9) may round up).
      const r = d % 1e9;
      lo += r;
      hi += (d - r) / 1e9;
      if (lo >= 1e9) {
        lo -= 1e9;
        hi += 1;
      }
    }
    pairs[2 * i] = hi;
    pairs[2 * i + 1] = lo;
  }
  return pairs;
}

/**
 * The order of two ids given as pairs (high half, low half): negative, 0 or positive. Both halves are
 * integers below 2^53, so their differences are exact.
 */
const comparePairs = (ah: number, al: number, bh: number, bl: number): number => ah - bh || al - bl;

/** Who joined and who left between two sets of pairs (diffSorted's answer, as pairs): one merge of numbers. */
export function diffPairs(before: IdPairs, after: IdPairs): { joined: IdPairs; left: IdPairs } {
  const joined: number[] = [];
  const left: number[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length && j < after.length) {
    const order = comparePairs(before[i]!, before[i + 1]!, after[j]!, after[j + 1]!);
    if (order === 0) {
      i += 2;
      j += 2;
    } else if (order < 0) {
      left.push(before[i]!, before[i + 1]!);
      i += 2;
    } else {
      joined.push(after[j]!, after[j + 1]!);
      j += 2;
    }
  }
  for (; i < before.length; i += 2) left.push(before[i]!, before[i + 1]!);
  for (; j < after.length; j += 2) joined.push(after[j]!, after[j + 1]!);
  return { joined: Float64Array.from(joined), left: Float64Array.from(left) };
}

/**
 * Who joined and who left between two member lists: as pairs when both are (diffPairs), else as
 * ids (diffSorted; pairs written out first).
 */
export function diffLists(before: MemberList, after: MemberList): { joined: MemberList; left: MemberList } {
  if (!Array.isArray(before) && !Array.isArray(after)) return diffPairs(before as IdPairs, after as IdPairs);
  // One list of each (a set read back from the database against the engine's pairs): as pairs when numeric.
  if (Array.isArray(before) !== Array.isArray(after)) {
    const ids = pairsOfIds((Array.isArray(before) ? before : after) as readonly string[]);
    if (ids)
      return Array.isArray(before) ? diffPairs(ids, after as IdPairs) : diffPairs(before as IdPairs, ids);
  }
  return diffSorted(idsOfList(before), idsOfList(after));
}

/**
 * Membership in an encoded set without its strings (decodeIds then a Set cost ~0.4 ms for the few
 * hundred accounts a history point's audience follows): a numeric set's pairs searched by halving,
 * a set of lines as a Set.
 */
export function idLookup(bytes: Uint8Array): { has(id: string): boolean } {
  const pairs = decodePairs(bytes);
  if (!pairs) return new Set(decodeIds(bytes));
  return {
    has(id: string): boolean {
      if (!isNumericId(id)) return false;
      const hi = hiOf(id);
      const lo = loOf(id);
      let low = 0;
      let high = pairs.length / 2 - 1;
      while (low <= high) {
        const mid = (low + high) >>> 1;
        const order = comparePairs(pairs[2 * mid]!, pairs[2 * mid + 1]!, hi, lo);
        if (order === 0) return true;
        if (order < 0) low = mid + 1;
        else high = mid - 1;
      }
      return false;
    },
  };
}
