import { INTERESTS } from '../catalogue/interests';
import { LANGUAGE_CODES } from '../catalogue/languages';
import { LEXICONS } from '../lexicon';
import type { AccountTable } from '../model/accounts';
import type { Rng } from '../random/prng';

const EMOJI = [
  '✨',
  '🔥',
  '💯',
  '🙌',
  '😊',
  '🚀',
  '❤️',
  '🎉',
  '☕',
  '📚',
  '⚽',
  '🎮',
  '🎧',
  '🌍',
  '📸',
  '💪',
];

export const pickEmoji = (rng: Rng): string => rng.pick(EMOJI);

/**
 * A word about one of the account's interests, in its language. English accounts sometimes use the
 * interest's own name ("artificial intelligence"), which ties text to subcategories, not just
 * categories. The primary interest is picked more often: people talk most about their main thing.
 */
export function interestWord(a: AccountTable, i: number, rng: Rng): string {
  const from = a.interests.offsets[i]!;
  const count = a.interests.offsets[i + 1]! - from;
  const interest = INTERESTS[a.interests.values[from + (rng.chance(0.45) ? 0 : rng.int(count))]!]!;
  const language = a.language[i]!;
  if (LANGUAGE_CODES[language] === 'en' && rng.chance(0.4)) return interest.label.toLowerCase();
  return rng.pick(LEXICONS[language]!.words[interest.category]!);
}

/** Distinct interest words (as distinct as the account's vocabulary allows). */
export function interestWords(a: AccountTable, i: number, rng: Rng, count: number): string[] {
  const words: string[] = [];
  for (let attempt = 0; words.length < count && attempt < count * 4; attempt++) {
    const word = interestWord(a, i, rng);
    if (!words.includes(word)) words.push(word);
  }
  while (words.length < count) words.push(words[0] ?? '');
  return words;
}

const LATIN = /^[\p{Script=Latin}\d\s\-'&.]+$/u;

/** "#RemoteWork" for Latin-script words, "#ゲーム実況" (spaces dropped) for the rest. */
export function hashtagOf(word: string): string {
  if (LATIN.test(word)) {
    return (
      '#' +
      word
        .split(/[\s\-'&.]+/)
        .filter(Boolean)
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join('')
    );
  }
  return '#' + word.replace(/[\s・]+/g, '');
}

/** Fills {slots}; unknown slots become empty. Collapses the double spaces that empty slots leave. */
export function fill(template: string, slots: Readonly<Record<string, string>>): string {
  return template
    .replace(/\{(\w+)\}/g, (_, name: string) => slots[name] ?? '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Upper-cases the first letter of each sentence (a no-op for scripts without case). */
export const sentenceCase = (text: string): string =>
  (text.charAt(0).toUpperCase() + text.slice(1)).replace(
    /([.!?]\s+)(\p{Ll})/gu,
    (_, end: string, letter: string) => end + letter.toUpperCase(),
  );

const NON_LATIN_LANGUAGES = new Set(['ja', 'ko', 'ar']);

/**
 * A place name as this account would write it: the local spelling when it is in the account's own
 * script (東京 for Japanese, Québec for French), the English one otherwise (a French speaker in
 * Casablanca writes "Casablanca", not "الدار البيضاء").
 */
export function placeName(name: string, localName: string, language: string): string {
  if (language === 'en' || localName === name) return name;
  return LATIN.test(localName) !== NON_LATIN_LANGUAGES.has(language) ? localName : name;
}

const BASE62 = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A short link as spam uses them; the domain is reserved for examples so it can never resolve. */
export function shortLink(rng: Rng): string {
  let code = '';
  for (let k = 0; k < 7; k++) code += BASE62[rng.int(62)];
  return `https://short.example/${code}`;
}
