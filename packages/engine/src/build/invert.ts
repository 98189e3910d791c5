import { newBits } from '../bits/bitset';
import { isDense } from '../bits/posting';
import { PostingStore } from '../index/posting-store';

/** Calls `emit(term, account)` for every pair, accounts in increasing order, the same way each call. */
export type PairSource = (emit: (term: number, account: number) => void) => void;

/**
 * Inverts per-account terms into postings in two passes over the source (count, then fill), so no
 * pair buffer is ever held. Because accounts come in increasing order, every list is sorted
 * without a sort. A term's representation (list or bitset) is chosen from its final count.
 */
export function invert(terms: number, size: number, source: PairSource): PostingStore {
  const counts = new Uint32Array(terms);
  source((term) => counts[term]!++);
  const dense = new Map<number, Uint32Array>();
  // Slot of a dense term's bitset in `bitsets` (-1: sparse); a typed lookup, not a Map, per pair.
  const slot = new Int32Array(terms).fill(-1);
  const bitsets: Uint32Array[] = [];
  const offsets = new Uint32Array(terms + 1);
  for (let t = 0; t < terms; t++) {
    const denseTerm = isDense(counts[t]!, size);
    if (denseTerm) {
      slot[t] = bitsets.length;
      bitsets.push(newBits(size));
      dense.set(t, bitsets[slot[t]!]!);
    }
    offsets[t + 1] = offsets[t]! + (denseTerm ? 0 : counts[t]!);
  }
  const data = new Uint32Array(offsets[terms]!);
  const cursor = offsets.slice(0, terms);
  source((term, account) => {
    const s = slot[term]!;
    if (s >= 0) bitsets[s]![account >>> 5]! |= 1 << (account & 31);
    else data[cursor[term]!++] = account;
  });
  return new PostingStore(size, counts, offsets, data, dense);
}
