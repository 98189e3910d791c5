import { describe, expect, it } from 'vitest';
import { CharClass, CJK_STOPWORDS, charClass, koreanStem, STOPWORDS, tokenise } from '@murmur/core/text';
import { exportChunks, generateNetwork } from '@murmur/sandbox';

// ---- The reference: the tokeniser as it was before ICU's segments were walked with `containing` ----
// (packages/core/src/text before; ICU's segments read by its iterator, one call per run, no cache).

const segmenter = new Intl.Segmenter('ja', { granularity: 'word' });
const isHiragana = (c: number): boolean => c >= 0x3040 && c <= 0x309f;
const isKatakana = (c: number): boolean =>
  (c >= 0x30a0 && c <= 0x30ff && c !== 0x30fb) || (c >= 0xff66 && c <= 0xff9f);
const isHan = (c: number): boolean =>
  c === 0x3005 ||
  (c >= 0x3400 && c <= 0x4dbf) ||
  (c >= 0x4e00 && c <= 0x9fff) ||
  (c >= 0xf900 && c <= 0xfaff);

function every(s: string, test: (c: number) => boolean): boolean {
  for (let i = 0; i < s.length; i++) if (!test(s.charCodeAt(i))) return false;
  return true;
}

/**
 * A segment worth indexing: not a stopword, not a lone kana (particles の, が, し) nor a run of
 * hiragana shorter than three (inflections: ます, たい); a lone Han character is a word (猫, 株, 話).
 */
function keep(w: string): boolean {
  if (CJK_STOPWORDS.has(w)) return false;
  if (w.length === 1) return isHan(w.charCodeAt(0));
  if (every(w, isHiragana)) return w.length >= 3;
  return !every(w, (c) => c === 0x30fc); // ー alone
}

/** One-kana particles and auxiliaries that end a word rather than belong to it (猫と, 好きな, 探して). */
const PARTICLES: ReadonlySet<string> = new Set([
  'の',
  'が',
  'を',
  'に',
  'は',
  'と',
  'も',
  'で',
  'へ',
  'や',
  'か',
  'て',
  'な',
  'だ',
  'た',
  'ね',
  'よ',
  'わ',
  'さ',
  'ば',
]);
/**
 * Suffixes that stay apart: 駐在中 is 駐在, ゲーム実況垢 ("account") is ゲーム and 実況; counters
 * (100万円, 20代) are dropped rather than glued to a word.
 */
const NO_JOIN: ReadonlySet<string> = new Set([
  ...['中', '等', '的', '垢', '達', '様', '者'],
  ...['万', '億', '円', '年', '月', '日', '歳', '回', '件', '個', '代'],
]);

/**
 * Lone Han characters that end a compound in pure-Han text too (看護師, 会社員, 科学者 …), where the
 * run's kana cannot tell Japanese from Chinese.
 */
const SUFFIXES: ReadonlySet<string> = new Set([
  '師',
  '員',
  '家',
  '屋',
  '性',
  '化',
  '術',
  '業',
  '館',
  '店',
  '部',
  '論',
  '学',
  '観',
  '感',
  '層',
  '系',
  '派',
  '力',
  '活',
]);
/** Words that follow a place or a noun as words of their own (堺在住, 大阪出身), never as its tail. */
const STANDALONE: ReadonlySet<string> = new Set([
  '在住',
  '出身',
  '勤務',
  '担当',
  '専門',
  '中心',
  '限定',
  '関連',
  '専用',
]);

const last = (s: string): number => s.charCodeAt(s.length - 1);
function joins(prev: string, next: string, japanese: boolean): boolean {
  if (NO_JOIN.has(next) || NO_JOIN.has(prev)) return false;
  const p = last(prev);
  const n = next.charCodeAt(0);
  if (every(prev, isKatakana) && every(next, isKatakana)) return true;
  if (prev.length === 1 && isHan(p) && every(next, isHiragana)) {
    // The kana ending of a verb or adjective (探|し, 詳|しく), not a particle or auxiliary (猫|と).
    return !PARTICLES.has(next) && !CJK_STOPWORDS.has(next);
  }
  if (next.length !== 1) {
    // A lone Han prefix of a Han word (会|社員), in Japanese.
    return japanese && prev.length === 1 && isHan(p) && every(next, isHan) && !STANDALONE.has(next);
  }
  if (isHan(n)) {
    // Chinese writes many one-character words (喝, 看): only Japanese text, or a suffix, joins.
    return (
      (japanese || SUFFIXES.has(next)) &&
      (isHan(p) || (prev.length === 2 && isHan(prev.charCodeAt(0)) && isHiragana(p)))
    );
  }
  if (isKatakana(n)) return isKatakana(p) || (prev.length === 1 && isHan(p));
  return false;
}
function hasKana(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isHiragana(c) || isKatakana(c)) return true;
  }
  return false;
}
function segmentRun(run: string): string[] {
  const japanese = hasKana(run, 0, run.length);
  const words: string[] = [];
  let pending = '';
  const flush = (): void => {
    if (pending !== '' && keep(pending)) words.push(pending);
    pending = '';
  };
  for (const { segment, isWordLike } of segmenter.segment(run)) {
    if (!isWordLike) flush();
    else if (pending !== '' && joins(pending, segment, japanese)) pending += segment;
    else {
      flush();
      pending = segment;
    }
  }
  flush();
  return words;
}

const isHangul = (c: number): boolean => c >= 0xac00 && c <= 0xd7a3;
const FULL_WIDTH = /[\uff01-\uff5e]/;
const AT = 0x40;
const SLASH = 0x2f;
const COLON = 0x3a;
const isCjk = (k: CharClass): boolean =>
  k === CharClass.han || k === CharClass.hiragana || k === CharClass.katakana;
const isAsciiDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHandleChar = (c: number): boolean => c === 0x5f || charClass(c) === CharClass.word;
function cjkWords(text: string, start: number, end: number, emit: (token: string) => void): void {
  for (const w of segmentRun(text.slice(start, end))) emit(w);
}
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
function referenceTokenise(input: string, emit: (token: string) => void): void {
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
      cjkWords(text, start, i, emit);
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

const all = (tokeniser: (text: string, emit: (t: string) => void) => void, text: string): string[] => {
  const out: string[] = [];
  tokeniser(text, (t) => out.push(t));
  return out;
};

describe("CJK segmentation (ICU's segments walked with `containing`, run cache) gives the iterator's tokens", () => {
  it('on every bio and post of a generated sandbox network', async () => {
    const network = generateNetwork({ accounts: 3000, seed: 'cjk-segmentation' });
    const texts: string[] = [];
    let buffered = '';
    for await (const chunk of exportChunks(network)) {
      const lines = (buffered + chunk).split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        if (line === '') continue;
        const r = JSON.parse(line) as { type?: string; bio?: string; text?: string };
        if (r.type === 'account' && r.bio) texts.push(r.bio);
        if (r.type === 'post' && r.text) texts.push(r.text);
      }
    }
    const cjk = texts.filter((t) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(t));
    expect(cjk.length).toBeGreaterThan(1000);
    let differing = 0;
    const examples: string[] = [];
    // Twice: the first pass fills the run cache, the second reads it.
    for (let pass = 0; pass < 2; pass++) {
      for (const text of texts) {
        const expected = all(referenceTokenise, text);
        const actual = all(tokenise, text);
        if (actual.join('\u0001') !== expected.join('\u0001')) {
          differing++;
          if (examples.length < 5) examples.push(`${text} → ${actual.join('|')} ≠ ${expected.join('|')}`);
        }
      }
    }
    expect(examples).toEqual([]);
    expect(differing).toBe(0);
  }, 120_000);

  it('on every single Han and kana character, and every pair of Katakana letters', () => {
    const chars: string[] = [];
    for (let c = 0x3000; c <= 0xffff; c++) {
      const k = charClass(c);
      if (k === CharClass.han || k === CharClass.hiragana || k === CharClass.katakana) {
        chars.push(String.fromCharCode(c));
      }
    }
    expect(chars.length).toBeGreaterThan(20_000);
    const wrong = chars.filter((ch) => all(tokenise, ch).join('|') !== all(referenceTokenise, ch).join('|'));
    expect(wrong).toEqual([]);
    const katakana: string[] = ['ー'];
    for (let c = 0x30a1; c <= 0x30fa; c++) katakana.push(String.fromCharCode(c));
    const pairs: string[] = [];
    for (const a of katakana) for (const b of katakana) pairs.push(a + b, `${a}${b}ー`, `ー${a}${b}`);
    const wrongPairs = pairs.filter(
      (p) => all(tokenise, p).join('|') !== all(referenceTokenise, p).join('|'),
    );
    expect(wrongPairs).toEqual([]);
  });

  it('on edge cases: several runs in one text, repeated runs, runs beside Latin, Korean and emoji', () => {
    const cases = [
      '横浜在住。看護師です、メンタルヘルスについて呟きます',
      '猫と株と読書 猫と株と読書 猫と株と読書',
      '生成AIの話、AI生成の話。ai生成aiの話',
      'ゲーム実況垢🎮インディーゲーム・メンタルヘルス／筋トレ',
      '커피를 좋아하는 사람 コーヒー好き 咖啡',
      '我们喜欢喝咖啡，他们在看书。看護師、会社員',
      'https://example.com/日本語 の後の日本語 @名前 #日本語タグ',
      'ＡＩ　全角スペース　ｶﾀｶﾅ 半角ｶﾀｶﾅ',
      'ーー ー アー ーア ヴァ ヶ月 ゠ 々 〆',
      '100万円 20代 3年目 2024年4月1日',
      'a 日 b 本 c 語 d',
      '',
    ];
    for (const text of cases) expect(all(tokenise, text), text).toEqual(all(referenceTokenise, text));
  });
});
