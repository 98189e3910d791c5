import type { Sentiment } from '@murmur/core/api';
import { EN_NEGATIVE, EN_NEGATORS, EN_POSITIVE } from './lexicon-en';
import { JA_LEXICON } from './lexicon-ja';

export interface SentimentScore {
  sentiment: Sentiment;
  /** (positive − negative weight) / total weight, in [-1, 1]; 0 without lexicon hits. */
  score: number;
}

/** How far a negator reaches: "not really that good" still flips "good". */
const NEGATION_WINDOW = 3;
const JA_ENTRIES = Object.keys(JA_LEXICON).sort((a, b) => b.length - a.length);
const JA_FIRST_CHARS = new Set(JA_ENTRIES.map((e) => e[0]!));

function english(text: string, add: (weight: number) => void): void {
  const words =
    text
      .toLowerCase()
      .replace(/’/g, "'")
      .match(/[a-z']+/g) ?? [];
  let negatedUntil = -1;
  words.forEach((word, i) => {
    if (EN_NEGATORS.has(word)) {
      negatedUntil = i + NEGATION_WINDOW;
      return;
    }
    const weight = (EN_POSITIVE[word] ?? 0) - (EN_NEGATIVE[word] ?? 0);
    if (weight !== 0) add(i <= negatedUntil ? -weight : weight);
  });
}

/** Longest entry first at each position, so a negated form wins over the word inside it. */
function japanese(text: string, add: (weight: number) => void): void {
  for (let i = 0; i < text.length; i++) {
    if (!JA_FIRST_CHARS.has(text[i]!)) continue;
    const entry = JA_ENTRIES.find((e) => text.startsWith(e, i));
    if (!entry) continue;
    add(JA_LEXICON[entry]!);
    i += entry.length - 1;
  }
}

/**
 * Lexicon sentiment of a post in English or Japanese (both lexicons run on every text: English
 * words are Latin, Japanese entries are kana and kanji, so they never match each other's script).
 */
export function sentimentOf(text: string): SentimentScore {
  let positive = 0;
  let negative = 0;
  const add = (weight: number) => {
    if (weight > 0) positive += weight;
    else negative -= weight;
  };
  english(text, add);
  japanese(text.normalize('NFKC'), add);
  const total = positive + negative;
  const score = total === 0 ? 0 : (positive - negative) / total;
  return { sentiment: score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral', score };
}
