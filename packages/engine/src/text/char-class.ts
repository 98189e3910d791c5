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
 * they are written without spaces (see cjkTokens). Surrogates (emoji) separate words.
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
