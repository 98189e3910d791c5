import { bitsToArray, countBits } from '../bits/bitset';
import { andPosting, isDense, postingToBits, type Posting } from '../bits/posting';
import type { AudienceIndex } from '../postings/audience-index';
import { tokens } from '../text/tokenise';
import { memoFor, type IndexMemo } from './memo';

/** Keywords remembered per index, and the bytes of the multi-word sets among them. */
const KEYWORD_MEMO = { bytes: 32 * 1024 * 1024, entries: 4096 } as const;
const memos = new WeakMap<AudienceIndex, IndexMemo<Posting[]>>();

/**
 * Accounts a keyword reaches: those whose bio, or whose posts, contain all of its tokens (the same
 * tokeniser as the index, so "Climate change" and 気候変動 work). Token co-occurrence is per account,
 * not per sentence: a multi-word keyword is an AND of its words, not an exact phrase. Remembered per
 * index: a multi-word keyword's intersection is built once while the estimate is typed around it.
 */
export function keywordPostings(index: AudienceIndex, keyword: string): Posting[] {
  const memo = memoFor(memos, index, KEYWORD_MEMO.bytes, KEYWORD_MEMO.entries);
  const known = memo.get(keyword);
  if (known) return known;
  const { postings, bytes } = resolve(index, keyword);
  return memo.set(keyword, postings, keyword.length * 2 + bytes);
}

/** The keyword's postings, and the bytes of the sets built for it (the index's own are not counted). */
function resolve(index: AudienceIndex, keyword: string): { postings: Posting[]; bytes: number } {
  const words = tokens(keyword);
  const out: Posting[] = [];
  let bytes = 0;
  if (words.length === 0) return { postings: out, bytes };
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
    // Kept the way the index keeps a term: a sorted list while rare. Words together are usually
    // rare, and at 10 M accounts a bitset is 1.25 MB: the memo would hold 25 of them, a list of
    // 10 000 accounts is 40 KB; the estimate then walks the list instead of a pass over the words.
    const count = countBits(bits);
    const posting: Posting = isDense(count, index.size)
      ? { kind: 'bits', bits, count }
      : { kind: 'list', list: bitsToArray(bits, count), count };
    out.push(posting);
    bytes += posting.kind === 'bits' ? posting.bits.byteLength : posting.list.byteLength;
  }
  return { postings: out, bytes };
}
