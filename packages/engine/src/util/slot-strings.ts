import type { StringSource } from './string-column';

/** Slots kept per column: a power of two (a slot's place is its low bits). */
const KEPT = 2 ** 14;

interface Kept {
  slots: Int32Array;
  values: string[];
}

/** Per column read through `slotStrings`, on this thread; a column no version holds any more is let go. */
const keptOf = new WeakMap<StringSource, Kept>();

/**
 * Reads `column` by slot through a direct-mapped table of the last KEPT slots read (a slot's string
 * never changes within a column): a history point lists every account its audience follows at
 * least FOLLOWED_SHARE — hundreds, the same few thousand accounts across the audiences and days —
 * and a read of the packed column costs ~0.5 µs at a million accounts (two cache misses and a
 * decode) against a few ns from the table.
 */
export function slotStrings(column: StringSource): (slot: number) => string {
  let kept = keptOf.get(column);
  if (!kept) {
    kept = { slots: new Int32Array(KEPT).fill(-1), values: new Array<string>(KEPT).fill('') };
    keptOf.set(column, kept);
  }
  const { slots, values } = kept;
  return (slot) => {
    const at = slot & (KEPT - 1);
    if (slots[at] === slot) return values[at]!;
    const value = column.get(slot);
    slots[at] = slot;
    values[at] = value;
    return value;
  };
}
