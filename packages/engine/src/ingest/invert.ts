import type { Csr } from '../postings/csr';
import { PostingStore } from '../postings/posting-store';
import { postingLayout } from './posting-layout';

/** Where each account's terms come from: single-valued columns (term id + 1, 0 = none) and CSR rows. */
export interface PairSources {
  columns: readonly Uint32Array[];
  rows: readonly Csr[];
  /** 1 for accounts that exist (only those are inverted). */
  present: Uint8Array;
}

/**
 * Inverts per-account terms into postings in two passes over the sources (count, then fill), so no
 * pair buffer is ever held. Because accounts come in increasing order, every list is sorted
 * without a sort. A term's representation (list or bitset) is chosen from its final count.
 * Plain loops over the typed arrays, no callback per pair: at a million accounts this runs over
 * ~100 M pairs (follows included).
 */
export function invert(terms: number, size: number, sources: PairSources): PostingStore {
  const { columns, rows, present } = sources;
  const accounts = Math.min(size, present.length);
  const counts = new Uint32Array(terms);
  for (const column of columns) {
    for (let n = 0; n < accounts; n++) {
      const t = column[n]!;
      if (t !== 0 && present[n] === 1) counts[t - 1]!++;
    }
  }
  for (const { offsets, data } of rows) {
    const limit = Math.min(accounts, offsets.length - 1);
    for (let n = 0; n < limit; n++) {
      if (present[n] !== 1) continue;
      const end = offsets[n + 1]!;
      for (let k = offsets[n]!; k < end; k++) counts[data[k]!]!++;
    }
  }
  const { offsets, slot, bitsets, dense } = postingLayout(counts, size);
  const data = new Uint32Array(offsets[terms]!);
  const cursor = offsets.slice(0, terms);
  // Accounts in increasing order across every source, so that each list comes out sorted.
  const csrLimits = rows.map((r) => Math.min(accounts, r.offsets.length - 1));
  for (let n = 0; n < accounts; n++) {
    if (present[n] !== 1) continue;
    const word = n >>> 5;
    const bit = 1 << (n & 31);
    for (let c = 0; c < columns.length; c++) {
      const t1 = columns[c]![n]!;
      if (t1 === 0) continue;
      const s = slot[t1 - 1]!;
      if (s >= 0) bitsets[s]![word]! |= bit;
      else data[cursor[t1 - 1]!++] = n;
    }
    for (let r = 0; r < rows.length; r++) {
      if (n >= csrLimits[r]!) continue;
      const row = rows[r]!;
      const end = row.offsets[n + 1]!;
      for (let k = row.offsets[n]!; k < end; k++) {
        const t = row.data[k]!;
        const s = slot[t]!;
        if (s >= 0) bitsets[s]![word]! |= bit;
        else data[cursor[t]!++] = n;
      }
    }
  }
  return new PostingStore(size, counts, offsets, data, dense);
}
