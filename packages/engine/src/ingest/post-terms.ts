import type { TermTable } from '../postings/term-table';
import type { PostRecord } from '../parse/records';
import { normaliseHashtag, tokenise } from '../text/tokenise';
import { Deduper } from './dedupe';

/**
 * A post record's term ids (words of its text, then hashtags), numbered in `terms`: shared by the
 * sequential build and the parse workers of the parallel build so both see terms in the same order.
 */
export class PostTerms {
  private readonly distinct = new Deduper();
  private readonly wordId: (value: string) => number;
  private readonly hashtagId: (value: string) => number;
  private readonly addWord = (token: string): void => this.distinct.add(this.wordId(token));

  constructor(terms: TermTable) {
    this.wordId = terms.idOf('postWord');
    this.hashtagId = terms.idOf('hashtag');
  }

  /** Distinct term ids in first-use order (valid until the next call). */
  of(r: PostRecord): number[] {
    const ids = this.distinct.begin();
    if (typeof r.text === 'string') tokenise(r.text, this.addWord);
    if (Array.isArray(r.hashtags)) {
      for (const tag of r.hashtags) {
        const value = typeof tag === 'string' ? normaliseHashtag(tag) : '';
        if (value) this.distinct.add(this.hashtagId(value));
      }
    }
    return ids;
  }
}

/** An engagement is [actor, seconds after the post]; a bare actor number is accepted too. */
const actorOf = (e: unknown): number => (Array.isArray(e) ? Number(e[0]) : Number(e));

/** The valid actors of a likedBy / repostedBy list, into `out` (emptied first). */
export function actorsOf(list: unknown, out: number[]): number[] {
  out.length = 0;
  if (!Array.isArray(list)) return out;
  for (const e of list) {
    const actor = actorOf(e);
    if (Number.isInteger(actor) && actor >= 0) out.push(actor);
  }
  return out;
}

/** A count field as the builders store it: non-negative, at most 2³²−1, 0 when absent. */
export const countOf = (v: unknown): number =>
  typeof v === 'number' && v >= 0 ? Math.min(v, 0xffffffff) : 0;
