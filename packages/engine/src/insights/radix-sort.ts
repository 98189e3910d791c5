import { Scratch } from '../util/scratch';

interface Digits {
  passes: number;
  width: number;
  mask: number;
  buckets: number;
  /** starts[pass * buckets + digit]: where the digit's run begins in that pass's output. */
  starts: Uint32Array;
}

/**
 * The digits of an LSD radix sort of values below `limit`, up to 12 bits each (account numbers
 * of 10 M accounts in two passes rather than three of 11 bits: 17.5 → 13.7 ms for 1.5 M synthetic
 * follows; the 4 096 counters stay in L1), with every digit's histogram counted in one read of the
 * keys rather than one read per pass.
 */
function digits(keys: Uint32Array, limit: number): Digits {
  const bits = Math.max(1, 32 - Math.clz32(Math.max(1, limit - 1)));
  const passes = Math.ceil(bits / 12);
  const width = Math.ceil(bits / passes);
  const mask = (1 << width) - 1;
  const buckets = mask + 1;
  const starts = new Uint32Array(passes * buckets);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    for (let pass = 0, shift = 0; pass < passes; pass++, shift += width)
      starts[pass * buckets + ((k >>> shift) & mask)]!++;
  }
  for (let pass = 0; pass < passes; pass++) {
    let sum = 0;
    for (let d = pass * buckets, end = d + buckets; d < end; d++) {
      const c = starts[d]!;
      starts[d] = sum;
      sum += c;
    }
  }
  return { passes, width, mask, buckets, starts };
}

/**
 * Sorts values below `limit` ascending (least significant digit first); may reuse `values`, and
 * its other buffer is carved from `scratch`.
 */
export function radixSort(values: Uint32Array, limit: number, scratch = new Scratch()): Uint32Array {
  const { passes, width, mask, buckets, starts } = digits(values, limit);
  let from: Uint32Array = values;
  let to: Uint32Array = scratch.u32(values.length, false);
  for (let pass = 0, shift = 0; pass < passes; pass++, shift += width) {
    const base = pass * buckets;
    for (let i = 0; i < from.length; i++) {
      const v = from[i]!;
      to[starts[base + ((v >>> shift) & mask)]!++] = v;
    }
    [from, to] = [to, from];
  }
  return from;
}

/**
 * Sorts `keys` (below `limit`) ascending and moves `values` with them, stably: equal keys keep
 * their values' order. May reuse both arrays; the other two are carved from `scratch`.
 */
export function radixSortPairs(
  keys: Uint32Array,
  values: Uint32Array,
  limit: number,
  scratch = new Scratch(),
): { keys: Uint32Array; values: Uint32Array } {
  const { passes, width, mask, buckets, starts } = digits(keys, limit);
  let fromKeys: Uint32Array = keys;
  let fromValues: Uint32Array = values;
  let toKeys: Uint32Array = scratch.u32(keys.length, false);
  let toValues: Uint32Array = scratch.u32(keys.length, false);
  for (let pass = 0, shift = 0; pass < passes; pass++, shift += width) {
    const base = pass * buckets;
    for (let i = 0; i < fromKeys.length; i++) {
      const k = fromKeys[i]!;
      const at = starts[base + ((k >>> shift) & mask)]!++;
      toKeys[at] = k;
      toValues[at] = fromValues[i]!;
    }
    [fromKeys, toKeys] = [toKeys, fromKeys];
    [fromValues, toValues] = [toValues, fromValues];
  }
  return { keys: fromKeys, values: fromValues };
}
