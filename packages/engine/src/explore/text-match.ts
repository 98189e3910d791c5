import { AccountSet } from '../bits/account-set';
import { newBits, orInto } from '../bits/bitset';
import { andPosting, orPosting, postingToBits, type Posting } from '../bits/posting';
import type { AudienceIndex } from '../postings/audience-index';
import type { Field } from '../postings/fields';
import { normaliseHashtag, tokens } from '../text/tokenise';

/** Accounts carrying every token of `text` in one of `fields` (per field: AND of tokens). */
function textBits(index: AudienceIndex, text: string, fields: readonly Field[]): Uint32Array | undefined {
  const words = tokens(text);
  if (words.length === 0) return undefined;
  let union: Uint32Array | undefined;
  for (const field of fields) {
    const ids = words.map((w) => index.terms.find(field, w));
    if (ids.some((id) => id === undefined)) continue;
    const postings: Posting[] = (ids as number[]).map((id) => index.postings.get(id));
    const bits = postingToBits(postings[0]!, index.size);
    for (const p of postings.slice(1)) andPosting(bits, p, index.size);
    if (union) orInto(union, bits);
    else union = bits;
  }
  return union;
}

/**
 * Accounts whose bio (`'bio'`) or whose posts (`'posts'`: words and hashtags) contain all the tokens
 * of at least one of `texts`: what "words in profile" and "posted about" show, narrower than keyword
 * targeting, which matches bio or posts.
 */
export function textMatches(
  index: AudienceIndex,
  texts: readonly string[],
  where: 'bio' | 'posts',
): AccountSet {
  const bits = newBits(index.size);
  for (const text of texts) {
    const fields: Field[] = where === 'bio' ? ['bioWord'] : ['postWord'];
    const matched = textBits(index, text, fields);
    if (matched) orInto(bits, matched);
    if (where === 'posts') {
      const tag = index.terms.find('hashtag', normaliseHashtag(text));
      if (tag !== undefined) orPosting(bits, index.postings.get(tag));
    }
  }
  return new AccountSet(index.size, bits);
}
