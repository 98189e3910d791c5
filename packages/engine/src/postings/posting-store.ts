import { EMPTY_POSTING, type Posting } from '../bits/posting';

/**
 * Postings of every term: rare terms as sorted slices of one shared Uint32Array (CSR), dense terms
 * (more than 1/32 of the accounts) as their own bitset. `counts` holds every term's account count,
 * which is also the population baseline for affinities.
 */
export class PostingStore {
  constructor(
    /** Account range the postings cover. */
    readonly size: number,
    readonly counts: Uint32Array,
    /** Rare terms' list postings: term t's accounts are data[offsets[t] .. offsets[t + 1]). */
    readonly offsets: Uint32Array,
    readonly data: Uint32Array,
    /** Dense terms' bitsets. */
    readonly dense: ReadonlyMap<number, Uint32Array>,
  ) {}

  get terms(): number {
    return this.counts.length;
  }

  count(term: number): number {
    return this.counts[term] ?? 0;
  }

  get(term: number): Posting {
    if (term < 0 || term >= this.counts.length) return EMPTY_POSTING;
    const bits = this.dense.get(term);
    const count = this.counts[term]!;
    if (bits) return { kind: 'bits', count, bits };
    return { kind: 'list', count, list: this.data.subarray(this.offsets[term], this.offsets[term + 1]) };
  }

  /** Bytes held, for the build report. */
  get bytes(): number {
    let total = this.counts.byteLength + this.offsets.byteLength + this.data.byteLength;
    for (const bits of this.dense.values()) total += bits.byteLength;
    return total;
  }
}
