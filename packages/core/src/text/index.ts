/**
 * The text analyser Murmur's engine indexes bios and posts with, and the sandbox's Ads API matches
 * keywords with: one copy, so "jazz" means the same accounts on both sides of the sandbox network
 * (Murmur's estimate and X's audience_estimate). Moved here from packages/engine/src/text, which
 * re-exports it.
 */

import { FULL_WIDTH, cjkWords, isHangul, koreanStem, type SegmentReader } from './cjk';

export {
  CJK_STOPWORDS,
  cjkWords,
  koreanStem,
  prepareTexts,
  readByContaining,
  readByIterator,
  warmRuns,
} from './cjk';
export type { SegmentReader } from './cjk';

/** How the tokeniser treats a UTF-16 code unit. */
export const CharClass = { separator: 0, word: 1, han: 2, hiragana: 3, katakana: 4 } as const;
export type CharClass = (typeof CharClass)[keyof typeof CharClass];

const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;
// Code units below 0x3000 (Latin, Greek, Cyrillic, Arabic, Devanagari, Thai, Hangul Jamo …),
// classified once by the Unicode regex and then read from a table.
const TABLE = new Uint8Array(0x3000);
for (let c = 0; c < TABLE.length; c++) {
  TABLE[c] =
    c >= 0xd800 || !LETTER_OR_DIGIT.test(String.fromCharCode(c)) ? CharClass.separator : CharClass.word;
}

/**
 * Word characters are letters, digits and combining marks; Japanese scripts are told apart because
 * they are written without spaces (see cjkWords). Surrogates (emoji) separate words.
 */
export function charClass(c: number): CharClass {
  if (c < 0x3000) return TABLE[c] as CharClass;
  if (c >= 0x3040 && c <= 0x309f) return CharClass.hiragana;
  if (c === 0x30fb) return CharClass.separator; // ・ (katakana middle dot) separates words
  if ((c >= 0x30a0 && c <= 0x30ff) || (c >= 0xff66 && c <= 0xff9f)) return CharClass.katakana;
  if (
    c === 0x3005 ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xf900 && c <= 0xfaff)
  ) {
    return CharClass.han;
  }
  if (c >= 0xac00 && c <= 0xd7af) return CharClass.word; // Hangul syllables: spaced like Latin
  if (c >= 0xd800 && c <= 0xdfff) return CharClass.separator;
  return LETTER_OR_DIGIT.test(String.fromCharCode(c)) ? CharClass.word : CharClass.separator;
}

/**
 * Function words that carry no targeting meaning. English is the population's main language; the
 * few Romance and German words are the ones frequent enough to flood "words in bio" otherwise.
 * Keyword queries drop them too, so "love of jazz" matches what "jazz" matches.
 */
// prettier-ignore
export const STOPWORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'all', 'am', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'been', 'but', 'by', 'can',
  'did', 'do', 'for', 'from', 'get', 'got', 'had', 'has', 'have', 'he', 'her', 'here', 'him', 'his',
  'how', 'i', 'if', 'im', 'in', 'into', 'is', 'it', 'its', 'just', 'me', 'more', 'my', 'no', 'not',
  'now', 'of', 'on', 'one', 'or', 'our', 'out', 'she', 'so', 'some', 'than', 'that', 'the', 'their',
  'them', 'then', 'there', 'they', 'this', 'to', 'too', 'up', 'us', 'was', 'we', 'were', 'what',
  'when', 'who', 'will', 'with', 'you', 'your', 'de', 'la', 'le', 'les', 'el', 'los', 'las', 'en',
  'et', 'y', 'e', 'o', 'da', 'do', 'des', 'du', 'un', 'una', 'um', 'uma', 'con', 'com', 'por',
  'para', 'und', 'der', 'die', 'das', 'ich', 'mit', 've', 'bir', 'yang', 'di', 'dan',
]);

const AT = 0x40;
const SLASH = 0x2f;
const COLON = 0x3a;

/** A word of at least two characters with a letter in it, not a stopword: drops "a", "100". */
function word(
  text: string,
  start: number,
  end: number,
  hasLetter: boolean,
  emit: (token: string) => void,
): void {
  if (end - start < 2 || !hasLetter) return;
  let w = text.slice(start, end);
  if (isHangul(text.charCodeAt(end - 1))) w = koreanStem(w);
  if (!STOPWORDS.has(w)) emit(w);
}

const isCjk = (k: CharClass): boolean =>
  k === CharClass.han || k === CharClass.hiragana || k === CharClass.katakana;
const isAsciiDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHandleChar = (c: number): boolean => c === 0x5f || charClass(c) === CharClass.word;

/**
 * Splits free text (a bio, a post, a keyword) into index terms, calling `emit` for each in order
 * (duplicates included). Links and @mentions are skipped; "#Jazz" yields "jazz"; case folds with
 * English rules (toLowerCase); full-width forms fold to ASCII (NFKC). Mixed runs such as 生成AI
 * split by script: "ai" as a word, 生成 by the word segmenter (cjkWords), which sees a whole run of
 * Japanese or Chinese at once; Korean words lose their particles (koreanStem). One pass over the
 * code units, no regex: it runs on every bio and post of the export. `read` is how ICU's segments
 * are read (the engine's by default; the equivalence test passes the iterator's).
 */
export function tokenise(input: string, emit: (token: string) => void, read?: SegmentReader): void {
  const text = (FULL_WIDTH.test(input) ? input.normalize('NFKC') : input).toLowerCase();
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    const kind = charClass(c);
    if (kind === CharClass.separator) {
      // "@handle" and "scheme://…" are not words.
      if (c === AT) while (i + 1 < n && isHandleChar(text.charCodeAt(i + 1))) i++;
      i++;
      continue;
    }
    const start = i;
    let hasLetter = false;
    if (kind !== CharClass.word) {
      // Han, Hiragana and Katakana together: the segmenter needs the whole run (好き, 在住の).
      while (i < n && isCjk(charClass(text.charCodeAt(i)))) i++;
      cjkWords(text, start, i, emit, read);
      continue;
    }
    while (i < n && charClass((c = text.charCodeAt(i))) === kind) {
      if (!hasLetter && !isAsciiDigit(c)) hasLetter = true;
      i++;
    }
    if (c === COLON && text.charCodeAt(i + 1) === SLASH && text.charCodeAt(i + 2) === SLASH) {
      while (i < n && text.charCodeAt(i) > 0x20) i++;
      continue;
    }
    word(text, start, i, hasLetter, emit);
  }
}

/** The distinct tokens of a text, in first-seen order. */
export function tokens(text: string): string[] {
  const seen = new Set<string>();
  tokenise(text, (t) => seen.add(t));
  return [...seen];
}

/** A hashtag as indexed: without '#', case-folded. */
export function normaliseHashtag(tag: string): string {
  const text = tag.trim().replace(/^[#＃]+/, '');
  return (FULL_WIDTH.test(text) ? text.normalize('NFKC') : text).toLowerCase();
}
