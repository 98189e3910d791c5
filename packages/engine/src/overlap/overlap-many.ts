// The overlap of 2–50 audiences from their bitsets, exact. One pass over the words of all
// sets gives each account one membership signature (bit i: in set i), counted in an open-addressing
// table of typed arrays (a Map keyed by float signatures cost ~5× more per account); the signatures
// counted give everything else: each set's members in no other, the union, the UpSet combinations
// and, when there are few enough combinations, the pairwise intersections (each combination adds its
// count to every pair of its sets), else AND-popcounts over the words as `overlap` does for two.
import { countAnd } from '../bits/bitset';
import type { AccountSet } from '../bits/account-set';

/** SPEC-free engine limit: a signature is a float64 integer, exact up to 2^53; 50 sets leave room. */
export const MAX_OVERLAP_SETS = 50;

/** Sample counts (× the engine's scale for real accounts) of 2–50 sets, mergeable by summing. */
export interface OverlapCounts {
  /** Members of each set. */
  sizes: number[];
  /** Members of i and j, the upper triangle row by row: (0,1), (0,2), …, (1,2), … (`pairIndex`). */
  pairs: number[];
  /** Members of each set that are in no other. */
  unique: number[];
  /** Members of at least one set. */
  union: number;
  /**
   * Members per exact membership combination (bit i of the signature: in set i), every combination
   * met, in no order; `signatures[k]` has `counts[k]` members. Parallel arrays: they cross threads
   * and the wire as plain numbers.
   */
  signatures: number[];
  counts: number[];
}

/** Position of the pair (i, j), i < j, of `n` sets in `OverlapCounts.pairs`. */
export const pairIndex = (n: number, i: number, j: number): number => (i * (2 * n - i - 1)) / 2 + (j - i - 1);

const HI = 2 ** 32;

/**
 * Counts per signature, a signature held as two int32 halves (sets 0–31 in `lo`, 32–49 in `hi`):
 * linear probing over a power-of-two table, grown at half full. Signature 0 (in no set) never
 * occurs, so (0, 0) marks a free slot.
 */
export class SignatureCounts {
  private lo = new Int32Array(1 << 12);
  private hi = new Int32Array(1 << 12);
  private count = new Float64Array(1 << 12);
  private mask = (1 << 12) - 1;
  /** Distinct signatures held. */
  size = 0;

  add(lo: number, hi: number, n: number): void {
    let slot = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b) & this.mask;
    for (;;) {
      const l = this.lo[slot]!;
      const h = this.hi[slot]!;
      if (l === lo && h === hi) {
        this.count[slot]! += n;
        return;
      }
      if (l === 0 && h === 0) break;
      slot = (slot + 1) & this.mask;
    }
    this.lo[slot] = lo;
    this.hi[slot] = hi;
    this.count[slot] = n;
    if (++this.size * 2 > this.mask) this.grow();
  }

  /** Adds every signature of `counts` (a shard's, or another part's). */
  addAll(counts: Pick<OverlapCounts, 'signatures' | 'counts'>): void {
    const { signatures } = counts;
    for (let k = 0; k < signatures.length; k++) {
      const s = signatures[k]!;
      this.add((s % HI) | 0, Math.floor(s / HI) | 0, counts.counts[k]!);
    }
  }

  /** Calls `visit` for every signature met, in no order. */
  forEach(visit: (lo: number, hi: number, count: number) => void): void {
    const { lo, hi, count } = this;
    for (let slot = 0; slot < lo.length; slot++) {
      if (lo[slot] !== 0 || hi[slot] !== 0) visit(lo[slot]!, hi[slot]!, count[slot]!);
    }
  }

  private grow(): void {
    const { lo, hi, count } = this;
    const capacity = lo.length * 2;
    this.lo = new Int32Array(capacity);
    this.hi = new Int32Array(capacity);
    this.count = new Float64Array(capacity);
    this.mask = capacity - 1;
    this.size = 0;
    for (let slot = 0; slot < lo.length; slot++) {
      if (lo[slot] !== 0 || hi[slot] !== 0) this.add(lo[slot]!, hi[slot]!, count[slot]!);
    }
  }
}

/**
 * The counts of `n` sets from their signatures counted: `sizes` given (the sets' own counts), or
 * summed from the signatures; `pairs` given (AND-popcounts), or summed from the signatures.
 */
export function countsFromSignatures(
  n: number,
  table: SignatureCounts,
  given: { sizes?: number[]; pairs?: number[] } = {},
): OverlapCounts {
  const sizes = given.sizes ?? new Array<number>(n).fill(0);
  const pairs = given.pairs ?? new Array<number>((n * (n - 1)) / 2).fill(0);
  const unique = new Array<number>(n).fill(0);
  const signatures: number[] = [];
  const counts: number[] = [];
  const members = new Int32Array(n);
  let union = 0;
  table.forEach((lo, hi, count) => {
    signatures.push((hi >>> 0) * HI + (lo >>> 0));
    counts.push(count);
    union += count;
    let k = 0;
    for (let x = lo; x !== 0; x &= x - 1) members[k++] = 31 - Math.clz32(x & -x);
    for (let x = hi; x !== 0; x &= x - 1) members[k++] = 32 + 31 - Math.clz32(x & -x);
    if (k === 1) unique[members[0]!]! += count;
    if (!given.sizes) for (let a = 0; a < k; a++) sizes[members[a]!]! += count;
    if (!given.pairs) {
      for (let a = 0; a < k; a++) {
        const i = members[a]!;
        const row = (i * (2 * n - i - 1)) / 2 - i - 1;
        for (let b = a + 1; b < k; b++) pairs[row + members[b]!]! += count;
      }
    }
  });
  return { sizes, pairs, unique, union, signatures, counts };
}

/** Pair additions counting the pairs from `table`'s signatures takes. */
function pairWork(table: SignatureCounts): number {
  let work = 0;
  table.forEach((lo, hi) => {
    let k = 0;
    for (let x = lo; x !== 0; x &= x - 1) k++;
    for (let x = hi; x !== 0; x &= x - 1) k++;
    work += (k * (k - 1)) / 2;
  });
  return work;
}

/**
 * The overlap counts of `sets` (all over the same account range).
 * @throws RangeError with fewer than 2 or more than 50 sets, or sets of different ranges.
 */
export function overlapMany(
  sets: readonly AccountSet[],
  /** How to count the pairs (tests): by default whichever is less work. */
  pairsFrom?: 'signatures' | 'words',
): OverlapCounts {
  const n = sets.length;
  if (n < 2 || n > MAX_OVERLAP_SETS) {
    throw new RangeError(`Overlap takes 2 to ${MAX_OVERLAP_SETS} audiences, not ${n}.`);
  }
  const size = sets[0]!.size;
  if (sets.some((s) => s.size !== size)) throw new RangeError('The audiences range over different indexes.');
  const bits = sets.map((s) => s.bits);
  const words = bits[0]!.length;
  // Signature halves of the 32 accounts of one word: sets 0–31 in `lo`, 32–49 in `hi`.
  const lo = new Int32Array(32);
  const hi = new Int32Array(32);
  const table = new SignatureCounts();
  for (let w = 0; w < words; w++) {
    let any = 0;
    for (let i = 0; i < n; i++) {
      let x = bits[i]![w]!;
      if (x === 0) continue;
      any |= x;
      // Visits set members only: the pass costs the sum of the sets' sizes, not accounts × sets.
      if (i < 32) {
        const bit = 1 << i;
        while (x !== 0) {
          const low = x & -x;
          lo[31 - Math.clz32(low)]! |= bit;
          x ^= low;
        }
      } else {
        const bit = 1 << (i - 32);
        while (x !== 0) {
          const low = x & -x;
          hi[31 - Math.clz32(low)]! |= bit;
          x ^= low;
        }
      }
    }
    while (any !== 0) {
      const low = any & -any;
      const b = 31 - Math.clz32(low);
      // Neighbouring accounts of one signature (common in sparse words) take one table update.
      let run = 1;
      let rest = any ^ low;
      const l = lo[b]!;
      const h = hi[b]!;
      lo[b] = 0;
      hi[b] = 0;
      while (rest !== 0) {
        const next = rest & -rest;
        const c = 31 - Math.clz32(next);
        if (lo[c] !== l || hi[c] !== h) break;
        lo[c] = 0;
        hi[c] = 0;
        run++;
        rest ^= next;
      }
      table.add(l, h, run);
      any = rest;
    }
  }
  const sizes = sets.map((s) => s.count);
  // The pairs from the signatures when that is less work than 1 225 AND-popcounts over every word.
  const directWork = ((n * (n - 1)) / 2) * words;
  if (pairsFrom === 'signatures' || (pairsFrom === undefined && pairWork(table) <= directWork))
    return countsFromSignatures(n, table, { sizes });
  const pairs: number[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) pairs.push(countAnd(bits[i]!, bits[j]!));
  return countsFromSignatures(n, table, { sizes, pairs });
}

/** The set a signature names alone, or -1 when it names several. */
export function singleSet(signature: number): number {
  const h = Math.floor(signature / HI);
  const l = signature % HI;
  if (h === 0) return l !== 0 && (l & (l - 1)) === 0 ? 31 - Math.clz32(l) : -1;
  return l === 0 && (h & (h - 1)) === 0 ? 32 + 31 - Math.clz32(h) : -1;
}

/** The sets a signature names, in increasing order. */
export function setsOf(signature: number): number[] {
  const out: number[] = [];
  const l = signature % HI;
  const h = Math.floor(signature / HI);
  for (let i = 0; i < 32; i++) if ((l >>> i) & 1) out.push(i);
  for (let i = 0; i < 18; i++) if ((h >>> i) & 1) out.push(32 + i);
  return out;
}

/** The shards' counts as one engine's: every account is in one shard, so every figure adds up. */
export function mergeOverlapCounts(parts: readonly OverlapCounts[]): OverlapCounts {
  const first = parts[0];
  if (!first) throw new RangeError('No overlap counts to merge.');
  const add = (pick: (p: OverlapCounts) => number[]) =>
    pick(first).map((_, k) => parts.reduce((sum, p) => sum + pick(p)[k]!, 0));
  const table = new SignatureCounts();
  for (const p of parts) table.addAll(p);
  const merged = countsFromSignatures(first.sizes.length, table, {
    sizes: add((p) => p.sizes),
    pairs: add((p) => p.pairs),
  });
  return { ...merged, unique: add((p) => p.unique), union: parts.reduce((sum, p) => sum + p.union, 0) };
}
