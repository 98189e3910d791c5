import { CONVERSATION_TOPICS } from '../../catalogue/conversation-topics';
import { INTERESTS } from '../../catalogue/interests';
import { JOB_TITLES } from '../../catalogue/job-titles';
import { LANGUAGE_CODES } from '../../catalogue/languages';
import { MOVIES_TV_SHOWS } from '../../catalogue/movies-tv';
import { LEXICONS } from '../../lexicon';
import { keywordMatches, normaliseText } from './keyword-match';
import type { Selector } from './selector';
import type { KeywordType } from './targeting-types';

/**
 * What accounts write is generated from their interests' words, job title and favourite topics and
 * titles (src/text), so a keyword reaches the accounts whose vocabulary contains it: matching against
 * those few thousand catalogue texts once per keyword replaces scanning every bio and post.
 */
interface Vocabulary {
  interests: string[];
  /** [language × category] → that language's words for the category. */
  words: string[][];
  topics: string[];
  movies: string[];
  /** Job titles in every language. */
  jobs: string[][];
}

let vocabulary: Vocabulary | undefined;

function vocabularyOf(): Vocabulary {
  vocabulary ??= {
    interests: INTERESTS.map((i) => normaliseText(i.name)),
    words: LEXICONS.flatMap((lex) => lex.words.map((list) => list.map(normaliseText))),
    topics: CONVERSATION_TOPICS.map((t) => normaliseText(t.name)),
    movies: MOVIES_TV_SHOWS.map((m) => normaliseText(m.name)),
    jobs: JOB_TITLES.map((j) => LANGUAGE_CODES.map((code) => normaliseText(j.text[code]))),
  };
  return vocabulary;
}

function flag<T>(flags: Uint8Array, items: readonly T[], test: (item: T) => boolean): void {
  for (let i = 0; i < items.length; i++) if (test(items[i]!)) flags[i] = 1;
}

/** Flags in `selector` everything a keyword of this match type reaches. */
export function addKeyword(selector: Selector, keyword: string, type: KeywordType): void {
  const k = normaliseText(keyword);
  const v = vocabularyOf();
  const hit = (text: string): boolean => keywordMatches(text, k, type);
  const hitAny = (texts: readonly string[]): boolean => texts.some(hit);
  flag(selector.interests, v.interests, hit);
  flag(selector.languageCategories, v.words, hitAny);
  flag(selector.topics, v.topics, hit);
  flag(selector.movies, v.movies, hit);
  flag(selector.jobs, v.jobs, hitAny);
  selector.empty = false;
}
