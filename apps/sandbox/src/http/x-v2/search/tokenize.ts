/**
 * Search terms, X-style: lower-cased words, #hashtags and @mentions. Scripts written without spaces
 * (Japanese, Chinese, Korean runs) are indexed as overlapping character pairs, so "ゲーム" finds
 * "今日もゲーム実況" the way X's keyword search does, not only whole space-separated words.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/u;

/** The index terms of one word: the word itself, or the character pairs of its CJK runs. */
export function wordTerms(word: string): string[] {
  const lower = word.toLowerCase();
  if (!CJK.test(lower)) return [lower];
  const terms: string[] = [];
  let run = '';
  const flush = (cjk: boolean): void => {
    const chars = [...run];
    if (!cjk) terms.push(run);
    else if (chars.length === 1) terms.push(run);
    else for (let k = 0; k + 1 < chars.length; k++) terms.push(chars[k]! + chars[k + 1]!);
    run = '';
  };
  let inCjk = false;
  for (const char of lower) {
    const cjk = CJK.test(char);
    if (run && cjk !== inCjk) flush(inCjk);
    inCjk = cjk;
    run += char;
  }
  if (run) flush(inCjk);
  return terms;
}

/** Whether a word needs a substring check after its character pairs matched. */
export const isCjk = (word: string): boolean => CJK.test(word);

/** Every term of a post's text: words (also inside hashtags), #hashtags and @mentions. */
export function textTerms(text: string): Set<string> {
  const lower = text.toLowerCase();
  const terms = new Set<string>();
  for (const m of lower.matchAll(/#([\p{L}\p{N}_]+)/gu)) terms.add(`#${m[1]}`);
  for (const m of lower.matchAll(/@([a-z0-9_]{1,15})/g)) terms.add(`@${m[1]}`);
  for (const m of lower.matchAll(/[\p{L}\p{N}_]+/gu)) for (const t of wordTerms(m[0])) terms.add(t);
  return terms;
}
