import { bitsToArray, countBits, newBits, wordsFor } from '../bits/bitset';
import { isDense, orPosting, type Posting } from '../bits/posting';
import type { AudienceIndex } from '../postings/audience-index';
import { memoFor, type IndexMemo } from './memo';

/** An item resolving to more terms than this is counted as one memoised union. */
const UNION_FROM = 3;
/** Unions kept per index: this many at any index size, in at least 32 MB (see filterMaskBudget). */
const UNIONS_HELD = 64;
const unionMemos = new WeakMap<AudienceIndex, IndexMemo<Posting>>();

/**
 * The postings of terms that are unioned: one selected item's (an interest category, "Science",
 * expands to every subcategory: a dozen lists, together a large share of the accounts, which each
 * estimate set or walked again — bench:engine's category packages: 0.33 ms at 1 M, about ten times
 * that at 10 M), or one demographic criterion's values (AGE_OVER_18's five age bands). Their union is
 * an invariant of the index, so it is built once and kept as one posting — a bitset, or a sorted list
 * if it is rare — and costs one operand.
 */
export function itemPostings(index: AudienceIndex, terms: readonly number[]): Posting[] {
  if (terms.length < UNION_FROM) return terms.map((t) => index.postings.get(t));
  const memo = memoFor(
    unionMemos,
    index,
    Math.max(32 * 1024 * 1024, UNIONS_HELD * wordsFor(index.size) * 4),
    1024,
  );
  const key = terms.join(',');
  const known = memo.get(key);
  if (known) return [known];
  const bits = newBits(index.size);
  for (const t of terms) orPosting(bits, index.postings.get(t));
  const count = countBits(bits);
  const union: Posting = isDense(count, index.size)
    ? { kind: 'bits', bits, count }
    : { kind: 'list', list: bitsToArray(bits, count), count };
  return [memo.set(key, union, union.kind === 'bits' ? union.bits.byteLength : union.list.byteLength)];
}
