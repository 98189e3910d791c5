import { newBits, popcount32, wordsFor } from '../bits/bitset';
import type { Posting } from '../bits/posting';

/** A filter whose lists together cover at most size / SPARSE_RATIO accounts drives a sparse mask. */
const SPARSE_RATIO = 64;

type ListPosting = Extract<Posting, { kind: 'list' }>;

/**
 * present ∩ (∪ filter 1) ∩ (∪ filter 2) … as a new bitset, and its count, with one allocation and no
 * pass over the words per posting. Two ways, by cost:
 *
 * - a filter made only of short lists (a small region, a rare language) drives: its accounts are the
 *   only candidates, each tested against the other filters' words — O(its accounts), not O(index);
 * - otherwise one pass over the words ANDs every filter's union, word by word, the most selective
 *   filter first, stopping at the first zero, writing each word once.
 *
 * Lists in a filter that does not drive are set into a scratch bitset for the pass (or the tests)
 * and cleared after, by the words they touched. Building the mask the old way — a copy of `present`,
 * then a zeroed bitset per filter, unioned and ANDed — made 2–3 passes per posting and allocated a
 * bitset per filter, which at 10 M accounts is 1.25 MB each and the bulk of an estimate whose mask is
 * not memoised.
 */
export function buildMask(
  size: number,
  present: Uint32Array,
  filters: readonly (readonly Posting[])[],
): { bits: Uint32Array; count: number } {
  const out = newBits(size);
  const words = wordsFor(size);
  // Most selective filter first: the pass stops at the first zero, and the driver is the smallest.
  const order = filters
    .map((f) => ({
      f,
      total: f.reduce((s, p) => s + p.count, 0),
      listsOnly: f.every((p) => p.kind === 'list'),
    }))
    .sort((a, b) => a.total - b.total);
  const driver = order.find((o) => o.listsOnly && o.total * SPARSE_RATIO <= size);
  const scratches: { bits: Uint32Array; lists: ListPosting[] }[] = [];
  const operands: Uint32Array[][] = [];
  for (const o of order) {
    if (o === driver) continue;
    const dense: Uint32Array[] = [];
    const lists: ListPosting[] = [];
    for (const p of o.f) {
      if (p.kind === 'bits') dense.push(p.bits);
      else if (p.count > 0) lists.push(p);
    }
    if (lists.length > 0) {
      const scratch = scratchBits(scratches.length, words);
      scratches.push({ bits: scratch, lists });
      for (const p of lists) setList(scratch, p.list, size);
      dense.push(scratch);
    }
    operands.push(dense);
  }
  let count = 0;
  try {
    if (driver) {
      for (const p of driver.f) {
        const list = (p as ListPosting).list;
        for (let i = 0; i < list.length; i++) {
          const x = list[i]!;
          if (x >= size) continue;
          const w = x >>> 5;
          const bit = 1 << (x & 31);
          if ((present[w]! & bit) === 0 || (out[w]! & bit) !== 0) continue;
          if (allows(operands, w, bit)) {
            out[w] = out[w]! | bit;
            count++;
          }
        }
      }
    } else {
      count = passOver(words, present, operands, out);
    }
  } finally {
    for (const { bits, lists } of scratches) clearLists(bits, lists);
  }
  return { bits: out, count };
}

function allows(operands: readonly Uint32Array[][], w: number, bit: number): boolean {
  for (let f = 0; f < operands.length; f++) {
    const ors = operands[f]!;
    let hit = 0;
    for (let d = 0; d < ors.length && hit === 0; d++) hit = ors[d]![w]! & bit;
    if (hit === 0) return false;
  }
  return true;
}

/** Words per block of the pass: two block buffers of 1 KB stay in L1 while every filter is applied. */
const BLOCK = 256;
const acc = new Uint32Array(BLOCK);
const union = new Uint32Array(BLOCK);

/**
 * The pass over the words, a block at a time: the block of `present`, ANDed with each filter's union
 * of that block, then written and counted. Each step is a plain loop over one or two typed arrays,
 * which V8 compiles tightly; a per-word loop over the filters and their postings ran 2.5× slower.
 */
function passOver(
  words: number,
  present: Uint32Array,
  operands: readonly Uint32Array[][],
  out: Uint32Array,
): number {
  let count = 0;
  for (let start = 0; start < words; start += BLOCK) {
    const n = Math.min(BLOCK, words - start);
    for (let i = 0; i < n; i++) acc[i] = present[start + i]!;
    for (let f = 0; f < operands.length; f++) {
      const ors = operands[f]!;
      if (ors.length === 0) {
        acc.fill(0);
        continue;
      }
      if (ors.length === 1) {
        const a = ors[0]!;
        for (let i = 0; i < n; i++) acc[i] = acc[i]! & a[start + i]!;
        continue;
      }
      const a = ors[0]!;
      const b = ors[1]!;
      for (let i = 0; i < n; i++) union[i] = a[start + i]! | b[start + i]!;
      for (let d = 2; d < ors.length; d++) {
        const c = ors[d]!;
        for (let i = 0; i < n; i++) union[i] = union[i]! | c[start + i]!;
      }
      for (let i = 0; i < n; i++) acc[i] = acc[i]! & union[i]!;
    }
    for (let i = 0; i < n; i++) {
      const v = acc[i]!;
      out[start + i] = v;
      count += popcount32(v);
    }
  }
  return count;
}

function setList(bits: Uint32Array, list: Uint32Array, size: number): void {
  for (let i = 0; i < list.length; i++) {
    const x = list[i]!;
    if (x < size) bits[x >>> 5] = bits[x >>> 5]! | (1 << (x & 31));
  }
}

function clearLists(bits: Uint32Array, lists: readonly ListPosting[]): void {
  for (const { list } of lists) for (let i = 0; i < list.length; i++) bits[list[i]! >>> 5] = 0;
}

/**
 * Zeroed scratch bitsets of at least `words` words, reused across calls (module state: counting is
 * synchronous and each thread has its own). Callers clear what they set before returning.
 */
const pool: Uint32Array[] = [];
function scratchBits(k: number, words: number): Uint32Array {
  if ((pool[k]?.length ?? 0) < words) pool[k] = new Uint32Array(words);
  const bits = pool[k]!;
  return bits.length === words ? bits : bits.subarray(0, words);
}
