import { andInto, hasBit, newBits, orInto, setAll } from './bitset';

/**
 * The accounts carrying one term, stored the way roaring stores a container: a sorted list of
 * account numbers while the term is rare, a dense bitset once it covers more than 1/32 of the
 * accounts (from that density on the bitset is the smaller of the two).
 */
export type Posting =
  | { readonly kind: 'list'; readonly count: number; readonly list: Uint32Array }
  | { readonly kind: 'bits'; readonly count: number; readonly bits: Uint32Array };

export const EMPTY_POSTING: Posting = { kind: 'list', count: 0, list: new Uint32Array(0) };

/** A term is stored densely when it has more than size/32 accounts. */
export const isDense = (count: number, size: number): boolean => count * 32 > size;

export function orPosting(target: Uint32Array, posting: Posting): void {
  if (posting.kind === 'bits') orInto(target, posting.bits);
  else setAll(target, posting.list);
}

export function postingToBits(posting: Posting, size: number): Uint32Array {
  if (posting.kind === 'bits') return posting.bits.slice();
  const bits = newBits(size);
  setAll(bits, posting.list);
  return bits;
}

/** target ∩= posting. */
export function andPosting(target: Uint32Array, posting: Posting, size: number): void {
  if (posting.kind === 'bits') {
    andInto(target, posting.bits);
    return;
  }
  const mask = newBits(size);
  for (const n of posting.list) if (hasBit(target, n)) mask[n >>> 5]! |= 1 << (n & 31);
  target.set(mask);
}
