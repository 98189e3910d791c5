// The overlap of 2–50 audiences from their bitsets, exact. One pass over the words of all
// sets gives each account one membership signature (bit i: in set i), and the signatures counted give
// everything else: each set's members in no other, the union, and the UpSet combinations. The
// pairwise intersections are counted directly (AND-popcount per pair), as `overlap` does for two.
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
 * The overlap counts of `sets` (all over the same account range).
 * @throws RangeError with fewer than 2 or more than 50 sets, or sets of different ranges.
 */
export function overlapMany(sets: readonly AccountSet[]): OverlapCounts {
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
  const bySignature = new Map<number, number>();
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
      const signature = hi[b]! * HI + (lo[b]! >>> 0);
      bySignature.set(signature, (bySignature.get(signature) ?? 0) + 1);
      lo[b] = 0;
      hi[b] = 0;
      any ^= low;
    }
  }
  const sizes = sets.map((s) => s.count);
  const pairs: number[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) pairs.push(countAnd(bits[i]!, bits[j]!));
  const unique = new Array<number>(n).fill(0);
  const signatures: number[] = [];
  const counts: number[] = [];
  let union = 0;
  for (const [signature, count] of bySignature) {
    signatures.push(signature);
    counts.push(count);
    union += count;
    const only = singleSet(signature);
    if (only >= 0) unique[only]! += count;
  }
  return { sizes, pairs, unique, union, signatures, counts };
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
  const bySignature = new Map<number, number>();
  for (const p of parts) {
    p.signatures.forEach((s, k) => bySignature.set(s, (bySignature.get(s) ?? 0) + p.counts[k]!));
  }
  return {
    sizes: add((p) => p.sizes),
    pairs: add((p) => p.pairs),
    unique: add((p) => p.unique),
    union: parts.reduce((sum, p) => sum + p.union, 0),
    signatures: [...bySignature.keys()],
    counts: [...bySignature.values()],
  };
}
