// The engine's CJK words without a segmenter (bench:segmenter's "whole" build): each run of Han and
// kana is one token, as splitting on spaces gives it; everything else is the real module's.
import { CJK_STOPWORDS } from '../../packages/core/src/text/cjk';

export {
  CJK_STOPWORDS,
  FULL_WIDTH,
  isHan,
  isHangul,
  isHiragana,
  isKatakana,
  koreanStem,
  readByContaining,
  readByIterator,
} from '../../packages/core/src/text/cjk';

export function cjkWords(text: string, start: number, end: number, emit: (token: string) => void): void {
  const run = text.slice(start, end);
  if (!CJK_STOPWORDS.has(run)) emit(run);
}

/** Nothing to warm: no run is segmented. */
export function prepareTexts(): void {}
export function warmRuns(): void {}
