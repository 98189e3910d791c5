import type { InterestCategoryKey } from '@murmur/core/x-catalogue';
import type { LanguageCode } from '@murmur/core/x-catalogue';

/**
 * Everything needed to write in one language: names (with a Latin romanisation for handles where the
 * script is not Latin), words per interest category, and templates for bios, posts, replies, spam
 * and list names. Lists of names and words are "|"-separated strings to keep the data files compact.
 *
 * Template slots: {job} job title, {a} {b} {c} interest words, {city}, {tag} {tag2} hashtags,
 * {mention} an @handle, {emoji}, {link} a short link (spam only).
 */
export interface LexiconSource {
  code: LanguageCode;
  /** Given names; "Native:roman" when the script is not Latin. */
  male: string;
  female: string;
  family: string;
  /** Japanese and Korean write the family name first. */
  familyFirst: boolean;
  /** Between family and given name in display names ('' for Korean). */
  nameSeparator: string;
  words: Readonly<Record<InterestCategoryKey, string>>;
  bio: readonly string[];
  post: readonly string[];
  reply: readonly string[];
  spamBio: readonly string[];
  spamPost: readonly string[];
  list: readonly string[];
  /** "News" in this language, for media account names. */
  news: string;
}

export interface PersonName {
  native: string;
  roman: string;
}

export interface Lexicon {
  code: LanguageCode;
  male: readonly PersonName[];
  female: readonly PersonName[];
  family: readonly PersonName[];
  familyFirst: boolean;
  nameSeparator: string;
  /** Words per interest category index. */
  words: readonly (readonly string[])[];
  bio: readonly string[];
  post: readonly string[];
  reply: readonly string[];
  spamBio: readonly string[];
  spamPost: readonly string[];
  list: readonly string[];
  news: string;
}
