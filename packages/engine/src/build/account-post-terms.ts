import type { Csr } from '../index/csr';

/**
 * Each account's distinct post terms (words and hashtags over all its posts), from per-post rows
 * and the author → posts grouping. Two passes with a stamp per term (the last account that used it)
 * instead of a Set per account. Rows are in first-use order.
 */
export function accountPostTerms(postRows: Csr, postsByAuthor: Csr, terms: number): Csr {
  const accounts = postsByAuthor.offsets.length - 1;
  const stamp = new Uint32Array(terms);
  const offsets = new Uint32Array(accounts + 1);
  const visit = (a: number, use: (term: number) => void) => {
    for (let i = postsByAuthor.offsets[a]!; i < postsByAuthor.offsets[a + 1]!; i++) {
      const p = postsByAuthor.data[i]!;
      for (let k = postRows.offsets[p]!; k < postRows.offsets[p + 1]!; k++) {
        const t = postRows.data[k]!;
        if (stamp[t] !== a + 1) {
          stamp[t] = a + 1;
          use(t);
        }
      }
    }
  };
  let total = 0;
  for (let a = 0; a < accounts; a++) {
    visit(a, () => total++);
    offsets[a + 1] = total;
  }
  stamp.fill(0);
  const data = new Uint32Array(total);
  let k = 0;
  for (let a = 0; a < accounts; a++) visit(a, (t) => (data[k++] = t));
  return { offsets, data };
}
