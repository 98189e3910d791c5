/**
 * Words of text written without spaces (Japanese, Chinese), found by ICU's word segmenter
 * (Intl.Segmenter: a dictionary of Chinese and Japanese words built into Node and browsers), and
 * Korean words without their particles. Chosen over a morphological analyser from npm (kuromoji):
 * no 20 MB dictionary to load, the same words in the server and the browser, and on the sandbox's
 * Japanese bios it finds the same nouns (メンタルヘルス, 横浜, 在住, 看護師) — what targeting reads —
 * at a fifth to a tenth of kuromoji's CPU (npm run bench:segmenter, docs/decisions/007-japanese-segmentation.md).
 */

const segmenter = new Intl.Segmenter('ja', { granularity: 'word' });

/**
 * Japanese function words (particles, copulas, auxiliaries, formal nouns) and the commonest
 * Chinese function characters: they carry no targeting meaning and would top every word cloud.
 */
// prettier-ignore
export const CJK_STOPWORDS: ReadonlySet<string> = new Set([
  // Japanese
  'です', 'ます', 'でした', 'ました', 'ません', 'する', 'して', 'した', 'します', 'しました', 'いる', 'いた',
  'います', 'ある', 'あり', 'あります', 'なる', 'なり', 'なっ', 'ない', 'なく', 'こと', 'もの', 'よう', 'ため',
  'これ', 'それ', 'あれ', 'この', 'その', 'あの', 'ここ', 'そこ', 'から', 'まで', 'より', 'ので', 'のに', 'けど',
  'けれど', 'でも', 'とか', 'など', 'って', 'たい', 'たら', 'だけ', 'しか', 'ください', 'について', 'つい',
  'において', 'として', 'による', 'という', 'といった', 'また', 'そして', 'さん', 'ちゃん', 'くん', 'れる', 'られる',
  'せる', 'させる', 'でき', 'できる', 'いい', 'よく', 'もう', 'まだ', 'とても', 'ちょっと', 'みたい', 'ながら',
  '中', '等', '的', '者', '方', '様', '時', '事', '物', '所', '私', '僕', '俺', '垢', '新', '人',
  // counters after a number (100万円, 20代, 3年)
  '万', '億', '円', '年', '月', '日', '歳', '回', '件', '個', '代',
  // Chinese
  '我', '你', '他', '她', '它', '们', '我们', '的', '了', '是', '在', '和', '与', '也', '都', '就', '很', '不', '有',
  '这', '那', '个', '吗', '呢', '吧', '啊', '还', '又', '被', '把', '给', '对', '从', '到', '说', '要', '会', '能',
]);

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

/**
 * Whether ICU's segments `prev` and `next`, written against each other, are one word. ICU splits
 * compounds its dictionary lacks into a word and a lone character (看護|師, 社会|人, 筋|ト|レ),
 * verbs' stems from their endings (呟|き, 探|し) and loanwords into their parts (メンタル|ヘルス): in
 * Japanese a lone Han character joins the Han word beside it; a lone Katakana the word it follows;
 * a one-kana ending other than a particle the lone Han stem before it; Katakana words each other.
 */
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

/** Kana anywhere in the run: Japanese, not Chinese. */
function hasKana(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isHiragana(c) || isKatakana(c)) return true;
  }
  return false;
}

/**
 * How ICU's word segments of a run are read: `visit` gets each segment and whether ICU calls it
 * word-like, in order. The engine reads them with `containing` (readByContaining); the standard
 * iterator (readByIterator) gives the same segments and is kept as the reference the equivalence
 * test compares against, through the one walker below.
 */
export type SegmentReader = (run: string, visit: (segment: string, isWordLike: boolean) => void) => void;

/**
 * ICU's segments walked with `containing` (the segment holding index i, then the one after its
 * end) rather than the iterator: the same boundaries — both read the one break iterator of
 * `segments` — at about two thirds of the CPU (no iterator result per segment; bench:segmenter).
 */
export const readByContaining: SegmentReader = (run, visit) => {
  const segments = segmenter.segment(run);
  for (let i = 0; i < run.length;) {
    const { segment, isWordLike } = segments.containing(i)!;
    i += segment.length;
    visit(segment, isWordLike === true);
  }
};

/** ICU's segments read by the standard iterator: the reference for readByContaining. */
export const readByIterator: SegmentReader = (run, visit) => {
  for (const { segment, isWordLike } of segmenter.segment(run)) visit(segment, isWordLike === true);
};

/**
 * The words of a run of Han, Hiragana and Katakana characters (`text[start, end)`), in order: ICU's
 * word segments, rejoined where they split one word (see joins), without function words. With
 * another `read` than the engine's, the run is segmented afresh (the cache holds the engine's words).
 */
export function cjkWords(
  text: string,
  start: number,
  end: number,
  emit: (token: string) => void,
  read: SegmentReader = readByContaining,
): void {
  const run = text.slice(start, end);
  if (read !== readByContaining) {
    for (const w of segmentRun(run, read)) emit(w);
    return;
  }
  let words = cache.get(run);
  if (words === undefined) {
    words = segmentRun(run, read);
    // Bios and posts repeat their phrases (在住, 好き, について呟きます): the segmenter costs
    // ~10 µs a run, a lookup far less. Bounded: cleared when full.
    if (cache.size >= CACHE_RUNS) cache.clear();
    cache.set(run, words);
  }
  for (const w of words) emit(w);
}

const CACHE_RUNS = 200_000;
const cache = new Map<string, readonly string[]>();

/** Runs segmented by one ICU call, joined by SEPARATOR (warmRuns). */
const GROUP = 16;
/**
 * U+4DBF, the last Han character of Extension A: in no dictionary, so ICU's dynamic programming
 * makes it a word of its own and segments the runs on either side as if each were alone (checked
 * on every group: a group where it is not a segment of its own is segmented run by run).
 */
const SEPARATOR = '\u4dbf';

/**
 * A run made only of the letters whose segments ICU gives the same in a group as alone: Hiragana
 * and Katakana letters, ー, and unified Han ideographs (Extension A but the separator). Checked on
 * every run of a 100 000-account sandbox network, 173 056 pairs of such letters (every kana, one Han
 * in 97) and 600 000 random runs of 3 to 8. Not 々, the iteration marks, half-width Katakana nor compatibility ideographs: beside
 * other runs ICU may call 々 a word where alone it does not, and half-width Katakana the reverse.
 */
function groupable(run: string): boolean {
  for (let i = 0; i < run.length; i++) {
    const c = run.charCodeAt(i);
    const ok =
      (c >= 0x3041 && c <= 0x3096) ||
      (c >= 0x30a1 && c <= 0x30fa) ||
      c === 0x30fc ||
      (c >= 0x4e00 && c <= 0x9fff) ||
      (c >= 0x3400 && c <= 0x4dbe);
    if (!ok) return false;
  }
  return true;
}

/**
 * Segments the runs not in the cache yet and caches their words, so that the tokeniser then finds
 * them (cjkWords): GROUP runs to an ICU call where they are groupable, the rest one by one. ICU's
 * cost is mostly per call: on the sandbox's runs, 16 joined cost 35–45 % less CPU than 16 calls
 * (bench:segmenter). The words are the same: a group's segments are cut at the separators and each
 * run's walked alone (segmentRun). For a build, which has its texts a batch at a time: the order of
 * the runs does not matter, so it may warm a batch before tokenising its texts in order.
 */
export function warmRuns(runs: readonly string[]): void {
  const fresh: string[] = [];
  const seen = new Set<string>();
  for (const run of runs) {
    if (run === '' || cache.has(run) || seen.has(run)) continue;
    seen.add(run);
    fresh.push(run);
  }
  // Cleared now rather than midway, so the runs warmed here are still there when read.
  if (cache.size + fresh.length > CACHE_RUNS) cache.clear();
  const group: string[] = [];
  for (const run of fresh) {
    if (!groupable(run)) cache.set(run, segmentRun(run, readByContaining));
    else if (group.push(run) === GROUP) warmGroup(group.splice(0));
  }
  warmGroup(group);
}

/** Full-width ASCII: a text holding any is NFKC-normalised before it is tokenised (tokenise). */
export const FULL_WIDTH = /[\uff01-\uff5e]/;
const ANY_CJK = /[\u3005\u3040-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]/;
const isCjk = (c: number): boolean => isHan(c) || isHiragana(c) || isKatakana(c);

/**
 * Warms the cache with the runs of Han and kana of `texts` as the tokeniser will find them (its
 * normalisation; its case folding leaves these scripts alone), so that tokenising the texts
 * afterwards calls ICU no more. The tokens are those tokenise gives without it; only the CPU differs.
 */
export function prepareTexts(texts: readonly string[]): void {
  const runs: string[] = [];
  for (const input of texts) {
    if (!ANY_CJK.test(input)) continue;
    const text = FULL_WIDTH.test(input) ? input.normalize('NFKC') : input;
    for (let i = 0; i < text.length; i++) {
      if (!isCjk(text.charCodeAt(i))) continue;
      const start = i;
      while (i < text.length && isCjk(text.charCodeAt(i))) i++;
      runs.push(text.slice(start, i));
    }
  }
  warmRuns(runs);
}

/** The words of every run of `group`, from one ICU call; one call a run if a separator was not alone. */
function warmGroup(group: readonly string[]): void {
  const perRun = group.length > 1 ? groupSegments(group) : undefined;
  for (let r = 0; r < group.length; r++) {
    const run = group[r]!;
    const segments = perRun?.[r];
    const words = segments
      ? segmentRun(run, (_run, visit) => {
          for (let s = 0; s < segments.length; s += 2)
            visit(segments[s] as string, segments[s + 1] as boolean);
        })
      : segmentRun(run, readByContaining);
    cache.set(run, words);
  }
}

/** Per run of `group`, its segments and whether each is word-like, read off the joined runs. */
function groupSegments(group: readonly string[]): (string | boolean)[][] | undefined {
  const joined = group.join(SEPARATOR);
  const segments = segmenter.segment(joined);
  const perRun: (string | boolean)[][] = [[]];
  let next = group[0]!.length; // where the next separator is
  let k = 0;
  for (let i = 0; i < joined.length;) {
    const { segment, isWordLike } = segments.containing(i)!;
    if (i === next) {
      if (segment.length !== 1) return undefined;
      k++;
      next += 1 + group[k]!.length;
      perRun.push([]);
    } else {
      if (i + segment.length > next) return undefined; // a segment across a separator
      perRun[k]!.push(segment, isWordLike === true);
    }
    i += segment.length;
  }
  return k === group.length - 1 ? perRun : undefined;
}

/** The one walker: ICU's segments as `read` gives them, rejoined (joins) and filtered (keep). */
function segmentRun(run: string, read: SegmentReader): string[] {
  const japanese = hasKana(run, 0, run.length);
  const words: string[] = [];
  let pending = '';
  read(run, (segment, isWordLike) => {
    if (isWordLike && pending !== '' && joins(pending, segment, japanese)) {
      pending += segment;
      return;
    }
    if (pending !== '' && keep(pending)) words.push(pending);
    pending = isWordLike ? segment : '';
  });
  if (pending !== '' && keep(pending)) words.push(pending);
  return words;
}

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** Final consonant (jongseong) of a Hangul syllable: 0 none, 8 ㄹ; -1 if not a syllable. */
const jongseong = (c: number): number =>
  c >= HANGUL_FIRST && c <= HANGUL_LAST ? (c - HANGUL_FIRST) % 28 : -1;

/**
 * Korean particles written onto the noun, each with the final consonant it follows (Korean grammar
 * picks the form by it: 사람을/친구를, 사람은/친구는, 사람과/친구와, 집으로/서울로/학교로), longest first.
 * Only a particle agreeing with the syllable before it is stripped, and never to leave a single
 * syllable, so 하는, 맛있는 and 도로 stay whole. 이/가 are left: too many nouns end in them (고양이).
 */
const KOREAN_PARTICLES: readonly [string, 'batchim' | 'vowel' | 'any' | 'vowel-or-l'][] = [
  ['에서', 'any'],
  ['에게', 'any'],
  ['으로', 'batchim'],
  ['이랑', 'batchim'],
  ['을', 'batchim'],
  ['은', 'batchim'],
  ['과', 'batchim'],
  ['를', 'vowel'],
  ['는', 'vowel'],
  ['와', 'vowel'],
  ['랑', 'vowel'],
  ['로', 'vowel-or-l'],
  ['의', 'any'],
];

/** A Hangul word without its trailing particle (커피를 → 커피, 배구와 → 배구); other words unchanged. */
export function koreanStem(word: string): string {
  if (jongseong(word.charCodeAt(word.length - 1)) < 0) return word;
  for (const [particle, after] of KOREAN_PARTICLES) {
    if (word.length - particle.length < 2 || !word.endsWith(particle)) continue;
    const jong = jongseong(word.charCodeAt(word.length - particle.length - 1));
    if (jong < 0) continue;
    const ok =
      after === 'any' ||
      (after === 'batchim' && jong > 0) ||
      (after === 'vowel' && jong === 0) ||
      (after === 'vowel-or-l' && (jong === 0 || jong === 8));
    if (ok) return word.slice(0, -particle.length);
  }
  return word;
}

/** True if the code unit is a Hangul syllable (Korean words are spaced, then stemmed). */
export const isHangul = (c: number): boolean => c >= HANGUL_FIRST && c <= HANGUL_LAST;

export { isHan, isHiragana, isKatakana };
