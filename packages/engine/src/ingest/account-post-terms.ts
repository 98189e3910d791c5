import type { Csr } from '../postings/csr';

/**
 * Each account's distinct post terms (words and hashtags over all its posts), from per-post rows
 * and the author → posts grouping. A stamp per term (the last account that used it) instead of a
 * Set per account; the loops are written out (no callback per term) as they run over every post
 * term of the export. Rows are in first-use order.
 */
export function accountPostTerms(postRows: Csr, postsByAuthor: Csr, terms: number): Csr {
  const accounts = postsByAuthor.offsets.length - 1;
  const { offsets: byAuthorOffsets, data: byAuthor } = postsByAuthor;
  const { offsets: rowOffsets, data: rowData } = postRows;
  const stamp = new Uint32Array(terms);
  const offsets = new Uint32Array(accounts + 1);
  // One pass into a buffer of the upper bound (an account's distinct terms are at most the sum of
  // its posts' rows), then trimmed: the rows are read once, in the authors' (random) post order.
  const buffer = new Uint32Array(rowData.length);
  let total = 0;
  for (let a = 0; a < accounts; a++) {
    const mark = a + 1;
    for (let i = byAuthorOffsets[a]!, end = byAuthorOffsets[a + 1]!; i < end; i++) {
      const p = byAuthor[i]!;
      for (let k = rowOffsets[p]!, stop = rowOffsets[p + 1]!; k < stop; k++) {
        const t = rowData[k]!;
        if (stamp[t] !== mark) {
          stamp[t] = mark;
          buffer[total++] = t;
        }
      }
    }
    offsets[a + 1] = total;
  }
  return { offsets, data: total === buffer.length ? buffer : buffer.slice(0, total) };
}
