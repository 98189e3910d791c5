import { countBits } from '../bits/bitset';
import { andPosting, postingToBits, type Posting } from '../bits/posting';
import type { AudienceIndex } from '../index/audience-index';
import { tokens } from '../text/tokenise';

/**
 * Accounts a keyword reaches: those whose bio, or whose posts, contain all of its tokens (the same
 * tokeniser as the index, so "Climate change" and 気候変動 work). Token co-occurrence is per account,
 * not per sentence: a multi-word keyword is an AND of its words, not an exact phrase.
 */
export function keywordPostings(index: AudienceIndex, keyword: string): Posting[] {
  const words = tokens(keyword);
  if (words.length === 0) return [];
  const out: Posting[] = [];
  for (const field of ['bioWord', 'postWord'] as const) {
    const ids = words.map((w) => index.terms.find(field, w));
    if (ids.some((id) => id === undefined)) continue;
    const postings = (ids as number[]).map((id) => index.postings.get(id));
    if (postings.length === 1) {
      out.push(postings[0]!);
      continue;
    }
    const bits = postingToBits(postings[0]!, index.size);
    for (const p of postings.slice(1)) andPosting(bits, p, index.size);
    out.push({ kind: 'bits', bits, count: countBits(bits) });
  }
  return out;
}
