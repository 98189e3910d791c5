import type { KeywordType } from './targeting-types';

/** Lower-case, NFKC, no leading #, words separated by single spaces (punctuation is a separator). */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();
}

/** Without separators: "#RemoteWork" and "remote work" meet here, as hashtags and phrases do on X. */
const compact = (normalised: string): string => normalised.replace(/ /g, '');

/** Scripts written without spaces, where a keyword is matched inside a longer run of text. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** A crude English singular, so a broad "cats" finds "cat" as X's broad match does. */
const stem = (word: string): string => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word);

function containsPhrase(text: string, phrase: string): boolean {
  if (UNSPACED.test(phrase)) return text.includes(phrase);
  return ` ${text} `.includes(` ${phrase} `);
}

function containsWordLoosely(text: string, word: string): boolean {
  if (containsPhrase(text, word)) return true;
  const target = stem(word);
  return text.split(' ').some((w) => stem(w) === target);
}

/**
 * Whether a catalogue text (an interest name, a lexicon word, a topic) answers a keyword, with X's
 * match types: EXACT the whole text, PHRASE the words in order, BROAD and UNORDERED every word in
 * any order (BROAD also across plural forms). Both arguments are already normalised.
 */
export function keywordMatches(text: string, keyword: string, type: KeywordType): boolean {
  if (!keyword) return false;
  if (compact(text) === compact(keyword)) return true;
  switch (type) {
    case 'EXACT_KEYWORD':
      return false;
    case 'PHRASE_KEYWORD':
      return containsPhrase(text, keyword);
    case 'UNORDERED_KEYWORD':
      return keyword.split(' ').every((word) => containsPhrase(text, word));
    case 'BROAD_KEYWORD':
      return keyword.split(' ').every((word) => containsWordLoosely(text, word));
  }
}
