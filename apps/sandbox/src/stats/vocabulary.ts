import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import type { Network } from '../network';
import { postContent } from '../text/post-text';

export interface LanguageVocabulary {
  language: string;
  posts: number;
  /** Distinct words (lower-cased; hashtags, @mentions, links and numbers left out). */
  words: number;
}

const segmenters = new Map<string, Intl.Segmenter>();
const segmenter = (language: string): Intl.Segmenter => {
  let s = segmenters.get(language);
  if (!s) segmenters.set(language, (s = new Intl.Segmenter(language, { granularity: 'word' })));
  return s;
};

/**
 * How many distinct words each language's posts use, over an evenly spaced sample of at most
 * `sample` posts (the measure of whether text reads like people: X's English uses tens of
 * thousands of words; a template generator uses a few hundred). Words are ICU word segments, so
 * Japanese and Korean are split as a reader would.
 */
export function postVocabulary(net: Network, sample = 150_000): LanguageVocabulary[] {
  const total = net.posts.length;
  const step = Math.max(1, Math.floor(total / sample));
  const words = LANGUAGE_CODES.map(() => new Set<string>());
  const posts = LANGUAGE_CODES.map(() => 0);
  for (let p = 0; p < total; p += step) {
    const language = net.accounts.language[net.posts.author.get(p)]!;
    const code = LANGUAGE_CODES[language]!;
    posts[language]!++;
    const text = postContent(net, p)
      .text.replace(/https?:\/\/\S+/gi, ' ')
      .replace(/[#@][\p{L}\p{N}_]+/gu, ' ');
    for (const { segment, isWordLike } of segmenter(code).segment(text)) {
      if (!isWordLike || /^\p{N}+$/u.test(segment)) continue;
      words[language]!.add(segment.toLocaleLowerCase(code));
    }
  }
  return LANGUAGE_CODES.map((language, i) => ({ language, posts: posts[i]!, words: words[i]!.size }));
}
