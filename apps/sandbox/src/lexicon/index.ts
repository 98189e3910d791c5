import { INTEREST_CATEGORY_KEYS } from '@murmur/core/x-catalogue';
import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { AR } from './ar';
import { DE } from './de';
import { EN } from './en';
import { ES } from './es';
import { FR } from './fr';
import { ID } from './id';
import { JA } from './ja';
import { KO } from './ko';
import { PT } from './pt';
import { TR } from './tr';
import type { Lexicon, LexiconSource, PersonName } from './types';

export type { Lexicon, PersonName } from './types';

/** Latin names double as their own romanisation once diacritics are stripped (for handles). */
export function asciiFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/ß/g, 'ss');
}

const names = (list: string): PersonName[] =>
  list.split('|').map((entry) => {
    const [native = entry, roman] = entry.split(':');
    return { native, roman: (roman ?? asciiFold(native)).toLowerCase() };
  });

function compile(source: LexiconSource): Lexicon {
  return {
    code: source.code,
    male: names(source.male),
    female: names(source.female),
    family: names(source.family),
    familyFirst: source.familyFirst,
    nameSeparator: source.nameSeparator,
    words: INTEREST_CATEGORY_KEYS.map((key) => source.words[key].split('|')),
    bio: source.bio,
    post: source.post,
    reply: source.reply,
    spamBio: source.spamBio,
    spamPost: source.spamPost,
    list: source.list,
    news: source.news,
  };
}

const SOURCES: readonly LexiconSource[] = [EN, JA, ES, PT, AR, ID, TR, FR, KO, DE];

/** Lexicons indexed like LANGUAGE_CODES (the language index stored per account). */
export const LEXICONS: readonly Lexicon[] = LANGUAGE_CODES.map((code) => {
  const source = SOURCES.find((s) => s.code === code);
  if (!source) throw new Error(`No lexicon for ${code}`);
  return compile(source);
});
