// X ids and post ids (decimal strings of up to 20 digits) to account and post numbers, in typed
// arrays instead of a Map<string, number>. A live index keeps one entry per account and per post: at
// a million accounts ~6 M of them, which as a Map were 6 M strings and their tables on V8's heap
// (~490 MB), marked again by every full garbage collection. Here an id below 2^64 written in
// canonical decimal (no sign, no leading zero) is kept as its two 32-bit halves in open addressing
// with linear probing (backward-shift deletion: no tombstones); any other id (tests name accounts
// "a1") in a Map beside it.

import { combine } from '@murmur/core/hash';
import { PackedStrings } from './packed-strings';
import type { StringSource } from './string-column';

const EMPTY = 0;
const TWO_32 = 2 ** 32;
/** Slots per entry at most before the table grows (load 0.7). */
const MAX_LOAD = 0.7;

/** The id's two 32-bit halves in `out`, or false when it is not a canonical decimal below 2^64. */
function halves(id: string, out: { hi: number; lo: number }): boolean {
  const length = id.length;
  if (length === 0 || length > 20 || (length > 1 && id.charCodeAt(0) === 48)) return false;
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < length; i++) {
    const d = id.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    // lo·10 + d < 2^36 and hi·10 + carry < 2^36: exact in a double.
    const low = lo * 10 + d;
    const carry = Math.floor(low / TWO_32);
    lo = low - carry * TWO_32;
    hi = hi * 10 + carry;
    if (hi >= TWO_32) return false;
  }
  out.hi = hi;
  out.lo = lo;
  return true;
}

/**
 * As `halves`, for an id given as bytes[start, end) of UTF-8 (a packed string column): no JS string
 * is made. False for what `halves` refuses, and for any byte outside '0'–'9'.
 */
function halvesOfBytes(
  bytes: Uint8Array,
  start: number,
  end: number,
  out: { hi: number; lo: number },
): boolean {
  const length = end - start;
  if (length <= 0 || length > 20 || (length > 1 && bytes[start] === 48)) return false;
  let hi = 0;
  let lo = 0;
  for (let i = start; i < end; i++) {
    const d = bytes[i]! - 48;
    if (d < 0 || d > 9) return false;
    const low = lo * 10 + d;
    const carry = Math.floor(low / TWO_32);
    lo = low - carry * TWO_32;
    hi = hi * 10 + carry;
    if (hi >= TWO_32) return false;
  }
  out.hi = hi;
  out.lo = lo;
  return true;
}

function checkValue(value: number): void {
  if (!Number.isInteger(value) || value < 0 || value >= TWO_32 - 1)
    throw new RangeError(`id table value ${value}`);
}

/** Ids to numbers (0 … 2^32 − 2), as a Map<string, number> would keep them. */
export class IdTable {
  private his: Uint32Array;
  private los: Uint32Array;
  /** The number + 1 of each slot (0: empty). */
  private values: Uint32Array;
  private mask: number;
  private used = 0;
  private readonly others = new Map<string, number>();
  private readonly at = { hi: 0, lo: 0 };

  constructor(expected = 0) {
    let capacity = 16;
    while (capacity * MAX_LOAD < expected) capacity *= 2;
    this.his = new Uint32Array(capacity);
    this.los = new Uint32Array(capacity);
    this.values = new Uint32Array(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.used + this.others.size;
  }

  get(id: string): number | undefined {
    if (!halves(id, this.at)) return this.others.get(id);
    const slot = this.find(this.at.hi, this.at.lo);
    return this.values[slot] === EMPTY ? undefined : this.values[slot]! - 1;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  set(id: string, value: number): this {
    checkValue(value);
    if (!halves(id, this.at)) {
      this.others.set(id, value);
      return this;
    }
    return this.put(this.at.hi, this.at.lo, value);
  }

  /**
   * `set(strings.get(slot), value)` without making the string when the entry is a canonical decimal
   * id (a live index's start reads millions: decoding each into a string was seconds at 1 M accounts).
   */
  setFrom(strings: StringSource, slot: number, value: number): this {
    if (!(strings instanceof PackedStrings) || !(slot >= 0 && slot < strings.size))
      return this.set(strings.get(slot), value);
    checkValue(value);
    const { bytes, ends } = strings;
    if (!halvesOfBytes(bytes, slot === 0 ? 0 : ends[slot - 1]!, ends[slot]!, this.at))
      return this.set(strings.get(slot), value);
    return this.put(this.at.hi, this.at.lo, value);
  }

  private put(hi: number, lo: number, value: number): this {
    let slot = this.find(hi, lo);
    if (this.values[slot] === EMPTY) {
      if (this.used + 1 > this.values.length * MAX_LOAD) {
        this.grow();
        slot = this.find(hi, lo);
      }
      this.his[slot] = hi;
      this.los[slot] = lo;
      this.used++;
    }
    this.values[slot] = value + 1;
    return this;
  }

  delete(id: string): boolean {
    if (!halves(id, this.at)) return this.others.delete(id);
    let hole = this.find(this.at.hi, this.at.lo);
    if (this.values[hole] === EMPTY) return false;
    // Backward shift: each entry after the hole, up to the next empty slot, moves into the hole
    // when its home slot is not between the hole and itself (cyclically).
    const { his, los, values, mask } = this;
    values[hole] = EMPTY;
    for (let next = (hole + 1) & mask; values[next] !== EMPTY; next = (next + 1) & mask) {
      const home = combine(his[next]!, los[next]!) & mask;
      const stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (stays) continue;
      his[hole] = his[next]!;
      los[hole] = los[next]!;
      values[hole] = values[next]!;
      values[next] = EMPTY;
      hole = next;
    }
    this.used--;
    return true;
  }

  /** The slot holding the halves, or the empty slot where they would go. */
  private find(hi: number, lo: number): number {
    const { his, los, values, mask } = this;
    let slot = combine(hi, lo) & mask;
    while (values[slot] !== EMPTY && (his[slot] !== hi || los[slot] !== lo)) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const { his, los, values } = this;
    const capacity = values.length * 2;
    this.his = new Uint32Array(capacity);
    this.los = new Uint32Array(capacity);
    this.values = new Uint32Array(capacity);
    this.mask = capacity - 1;
    for (let s = 0; s < values.length; s++) {
      if (values[s] === EMPTY) continue;
      const slot = this.find(his[s]!, los[s]!);
      this.his[slot] = his[s]!;
      this.los[slot] = los[s]!;
      this.values[slot] = values[s]!;
    }
  }
}
