import { newBits } from '../bits/bitset';
import { isDense } from '../bits/posting';

/** Where each term's accounts go once its count is known: a list slice, or a bitset when dense. */
export interface PostingLayout {
  /** Term t's list is data[offsets[t] .. offsets[t + 1]) (empty for dense terms). */
  offsets: Uint32Array;
  /** Slot of a dense term's bitset in `bitsets` (-1: listed); a typed lookup, not a Map, per pair. */
  slot: Int32Array;
  bitsets: Uint32Array[];
  /** The dense terms' bitsets by term, as PostingStore keeps them. */
  dense: Map<number, Uint32Array>;
}

/** The layout of postings with these per-term counts over `size` accounts. */
export function postingLayout(counts: Uint32Array, size: number): PostingLayout {
  const terms = counts.length;
  const dense = new Map<number, Uint32Array>();
  const slot = new Int32Array(terms).fill(-1);
  const bitsets: Uint32Array[] = [];
  const offsets = new Uint32Array(terms + 1);
  for (let t = 0; t < terms; t++) {
    const denseTerm = isDense(counts[t]!, size);
    if (denseTerm) {
      slot[t] = bitsets.length;
      const bits = newBits(size);
      bitsets.push(bits);
      dense.set(t, bits);
    }
    offsets[t + 1] = offsets[t]! + (denseTerm ? 0 : counts[t]!);
  }
  return { offsets, slot, bitsets, dense };
}
