import { INTERESTS } from '@murmur/core/x-catalogue';
import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { LEXICONS } from '../lexicon';
import type { AccountTable } from '../model/accounts';
import { hashString } from '../random/hash';
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
export function interestWord(a: AccountTable, i: number, rng: Rng, categories?: number[]): string {
  const from = a.interests.offsets[i]!;
  const count = a.interests.offsets[i + 1]! - from;
  const interest = INTERESTS[a.interests.values[from + (rng.chance(0.45) ? 0 : rng.int(count))]!]!;
  const language = a.language[i]!;
  categories?.push(interest.category);
  // A catalogue label is said as people say it, or not at all: "jazz", never "religion and
  // spirituality and faith" or "makeup and cosmetics" (labels that join several things).
  if (LANGUAGE_CODES[language] === 'en' && rng.chance(0.4) && isSpoken(interest.label))
    return interest.label.toLowerCase();
  return rng.pick(LEXICONS[language]!.words[interest.category]!);
}

/** Whether a catalogue label reads as a phrase someone would write: one or two words, no lists. */
const isSpoken = (label: string): boolean =>
  !/\b(and|or)\b|[&/,()]/i.test(label) && label.trim().split(/\s+/).length <= 2;

/**
 * Distinct interest words (as distinct as the account's vocabulary allows). `categories`, when
 * given, receives the interest category of the first word (what the text is about).
 */
export function interestWords(
  a: AccountTable,
  i: number,
  rng: Rng,
  count: number,
  categories?: number[],
): string[] {
  const words: string[] = [];
  for (let attempt = 0; words.length < count && attempt < count * 4; attempt++) {
    const word = interestWord(a, i, rng, words.length === 0 ? categories : undefined);
    // "K-pop" and "k-pop" are one interest: compare as people read them, case aside.
    if (!words.some((w) => w.toLowerCase() === word.toLowerCase())) words.push(word);
  }
  while (words.length < count) words.push(words[0] ?? '');
  return words;
}

const LATIN = /^[\p{Script=Latin}\d\s\-'&.]+$/u;

/**
 * A hashtag as people type it: for Latin-script words mostly all lower case ("#remotework"),
 * often CamelCase ("#RemoteWork"), sometimes capitalised or shouted; "#ゲーム実況" (spaces
 * dropped) for the rest. The casing comes from the word itself, so one word is always typed the
 * same way by the same hand (a pure function: posts are regenerated from their seeds).
 */
export function hashtagOf(word: string): string {
  if (LATIN.test(word)) {
    const parts = word.split(/[\s\-'&.]+/).filter(Boolean);
    const style = hashString(word) % 10;
    if (style < 5) return '#' + parts.join('').toLowerCase();
    if (style < 9) return '#' + parts.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
    return '#' + parts.join('').toUpperCase();
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

/**
 * Upper-cases the first letter of each sentence (a no-op for scripts without case), in the
 * language's own way when given (Turkish i → İ).
 */
export const sentenceCase = (text: string, language?: string): string =>
  (/^\p{L}*:\/\//u.test(text) ? text : text.charAt(0).toLocaleUpperCase(language) + text.slice(1)).replace(
    // A link after a full stop stays as typed ("https://…", never "Https://…").
    /([.!?]\s+)(\p{Ll})(?!\p{L}*:\/\/)/gu,
    (_, end: string, letter: string) => end + letter.toLocaleUpperCase(language),
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
