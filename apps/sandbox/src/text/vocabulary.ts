import { INTEREST_CATEGORY_KEYS } from '@murmur/core/x-catalogue';
import { combine, hashString, mix32 } from '../random/hash';
import type { Rng } from '../random/prng';
import EN from '../lexicon/vocabulary/en';
import ES from '../lexicon/vocabulary/es';
import JA from '../lexicon/vocabulary/ja';

/**
 * The common vocabulary of the languages the sandbox writes most (src/lexicon/vocabulary: word
 * lists by part of speech, built from frequency lists and dictionaries, see the README there), and
 * a topic-conditioned way to draw from it.
 *
 * Every (language, part of speech, interest category) has its own ranking of the words: the
 * frequency order, perturbed by a hash of the category, so each topic has its own most-used words
 * (its word cloud) while common words stay common everywhere. Draws are head-heavy (rank ∝ u², a
 * Zipf-like law with exponent ½; u³ for English, whose lists are longest and rarest at the end), as
 * word use is. English nouns are also conditioned by meaning:
 * each category prefers WordNet's semantic classes that fit it (food words for food, animals for
 * pets, places for travel…).
 */
export class WordPool {
  private readonly rankings = new Map<number, Uint16Array>();
  constructor(
    readonly name: string,
    readonly words: readonly string[],
    /** Rank ∝ uˢ: larger skews favour the most frequent words more (English's long list uses 3). */
    private readonly skew = 2,
  ) {
    if (words.length === 0 || words.length > 65_535)
      throw new Error(`word pool ${name}: ${words.length} words`);
  }

  /** A word for a post about interest category `category` (an index of INTEREST_CATEGORY_KEYS). */
  draw(rng: Rng, category: number): string {
    const u = rng.float();
    const x = this.skew === 3 ? u * u * u : u * u;
    return this.words[this.ranking(category)[Math.floor(x * this.words.length)]!]!;
  }

  private ranking(category: number): Uint16Array {
    let ranking = this.rankings.get(category);
    if (ranking) return ranking;
    const n = this.words.length;
    const salt = combine(hashString(this.name), category + 1);
    const key = new Float64Array(n);
    // log-rank plus up to 4 (a factor of e^4 ≈ 55 in rank) of category-specific noise.
    for (let i = 0; i < n; i++)
      key[i] = Math.log(i + 1) + (4 * mix32(salt ^ Math.imul(i + 1, 0x9e3779b1))) / 2 ** 32;
    ranking = Uint16Array.from({ length: n }, (_, i) => i).sort((x, y) => key[x]! - key[y]!);
    this.rankings.set(category, ranking);
    return ranking;
  }
}

const split = (list: string): string[] => list.split('|').filter(Boolean);

// ---------- English ----------

/** WordNet noun classes (lexicographer files) that each interest category talks about most. */
const EN_NOUN_CLASSES: Readonly<Record<(typeof INTEREST_CATEGORY_KEYS)[number], readonly string[]>> = {
  automotive: ['artifact', 'act', 'location'],
  beauty: ['body', 'substance', 'artifact', 'attribute'],
  books: ['communication', 'cognition', 'person'],
  business: ['group', 'act', 'possession', 'person'],
  careers: ['act', 'person', 'group', 'cognition'],
  education: ['cognition', 'communication', 'person', 'group'],
  events: ['event', 'time', 'group', 'location'],
  family: ['person', 'time', 'state', 'feeling'],
  food: ['food', 'substance', 'plant', 'artifact'],
  gaming: ['act', 'artifact', 'communication', 'event'],
  health: ['body', 'state', 'food', 'act'],
  hobbies: ['artifact', 'act', 'plant', 'animal'],
  home: ['artifact', 'plant', 'location', 'substance'],
  politics: ['group', 'act', 'person', 'communication'],
  'life-stages': ['time', 'state', 'person', 'event'],
  'movies-tv': ['communication', 'person', 'event', 'feeling'],
  music: ['communication', 'artifact', 'event', 'attribute'],
  finance: ['possession', 'quantity', 'act', 'group'],
  pets: ['animal', 'food', 'body', 'artifact'],
  science: ['phenomenon', 'substance', 'cognition', 'object', 'process', 'shape'],
  society: ['group', 'person', 'feeling', 'state'],
  sports: ['act', 'event', 'person', 'group'],
  style: ['artifact', 'attribute', 'substance', 'shape'],
  technology: ['artifact', 'communication', 'cognition', 'process'],
  travel: ['location', 'object', 'artifact', 'event'],
};

const EN_CLASSES = Object.entries(EN)
  .filter(([key]) => key.startsWith('noun_'))
  .map(([key, list]) => [key.slice(5), split(list)] as const);
const EN_CLASS_POOLS = new Map(
  EN_CLASSES.map(([cls, words]) => [cls, new WordPool(`en.noun.${cls}`, words, 3)]),
);
const EN_NOUNS = new WordPool(
  'en.noun',
  EN_CLASSES.flatMap(([, words]) => words),
  3,
);
const EN_PREFERRED = INTEREST_CATEGORY_KEYS.map((key) =>
  EN_NOUN_CLASSES[key].map((cls) => EN_CLASS_POOLS.get(cls)).filter((p): p is WordPool => p !== undefined),
);

const EN_IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  man: 'men',
  woman: 'women',
  child: 'children',
  person: 'people',
  foot: 'feet',
  tooth: 'teeth',
  mouse: 'mice',
  life: 'lives',
  wife: 'wives',
  knife: 'knives',
  leaf: 'leaves',
  half: 'halves',
  shelf: 'shelves',
  sheep: 'sheep',
  fish: 'fish',
  deer: 'deer',
  series: 'series',
  news: 'news',
  species: 'species',
  analysis: 'analyses',
  crisis: 'crises',
  thesis: 'theses',
};

/** Regular English plurals (with the common exceptions). */
export function englishPlural(noun: string): string {
  const irregular = EN_IRREGULAR_PLURALS[noun];
  if (irregular) return irregular;
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

export const EN_WORDS = {
  /** A noun for a post about `category`: half the time from the category's semantic classes. */
  noun(rng: Rng, category: number): string {
    const preferred = EN_PREFERRED[category] ?? [];
    if (preferred.length > 0 && rng.chance(0.5)) return rng.pick(preferred).draw(rng, category);
    return EN_NOUNS.draw(rng, category);
  },
  person: EN_CLASS_POOLS.get('person') ?? EN_NOUNS,
  adjective: new WordPool('en.adjective', split(EN.adjective), 3),
  verb: new WordPool('en.verb', split(EN.verb), 3),
  adverb: new WordPool('en.adverb', split(EN.adverb), 3),
};

// ---------- Japanese ----------

export const JA_WORDS = {
  noun: new WordPool('ja.noun', split(JA.noun)),
  /** Nouns that take する (勉強 → 勉強したい). */
  verbalNoun: new WordPool('ja.verbalNoun', split(JA.verbalNoun)),
  /** い-adjectives in their dictionary form (楽しい). */
  adjective: new WordPool('ja.adjective', split(JA.adjective)),
  /** な-adjective stems (大切 → 大切な, 大切すぎる). */
  naAdjective: new WordPool('ja.naAdjective', split(JA.naAdjective)),
  /** Verbs in their dictionary form (見る → 見るのが好き). */
  verb: new WordPool('ja.verb', split(JA.verb)),
};

// ---------- Spanish ----------

const ACCENT_FREE: Readonly<Record<string, string>> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u' };

/** Spanish plural of a noun (or adjective): casa → casas, ciudad → ciudades, canción → canciones, luz → luces. */
export function spanishPlural(word: string): string {
  if (/[aeiouáéó]$/.test(word)) return `${word}s`;
  if (word.endsWith('z')) return `${word.slice(0, -1)}ces`;
  // A stressed last vowel loses its accent once a syllable is added: canción → canciones.
  const stressed = /([áéíóú])([nsl])$/.exec(word);
  if (stressed) return `${word.slice(0, -2)}${ACCENT_FREE[stressed[1]!]}${stressed[2]}es`;
  if (/s$/.test(word)) return word;
  return `${word}es`;
}

export interface SpanishNoun {
  word: string;
  feminine: boolean;
}

const ES_MASCULINE = new WordPool('es.masculine', split(ES.masculine));
const ES_FEMININE = new WordPool('es.feminine', split(ES.feminine));
const ES_PLURAL = new WordPool('es.plural', split(ES.plural));
const ES_ADJECTIVE = new WordPool('es.adjective', split(ES.adjective));
const ES_SHARE_FEMININE = ES_FEMININE.words.length / (ES_FEMININE.words.length + ES_MASCULINE.words.length);

/** An adjective agreeing with a noun (adjectives are stored masculine singular in -o). */
const agree = (adjective: string, feminine: boolean, plural: boolean): string =>
  `${feminine ? adjective.slice(0, -1) + 'a' : adjective}${plural ? 's' : ''}`;

const ES_ARTICLES = {
  el: ['el', 'la', 'los', 'las'],
  un: ['un', 'una', 'unos', 'unas'],
  '': ['', '', '', ''],
} as const;

export const ES_WORDS = {
  noun(rng: Rng, category: number): SpanishNoun {
    const feminine = rng.chance(ES_SHARE_FEMININE);
    return { word: (feminine ? ES_FEMININE : ES_MASCULINE).draw(rng, category), feminine };
  },
  /** A noun phrase: article ('el'/'un'/none), the noun, optionally plural and with an agreeing adjective. */
  phrase(rng: Rng, category: number, article: 'el' | 'un' | '', plural: boolean, adjective: boolean): string {
    const { word, feminine } = ES_WORDS.noun(rng, category);
    const det = ES_ARTICLES[article][(feminine ? 1 : 0) + (plural ? 2 : 0)]!;
    const noun = plural ? spanishPlural(word) : word;
    const adj = adjective ? ` ${agree(ES_ADJECTIVE.draw(rng, category), feminine, plural)}` : '';
    return `${det} ${noun}${adj}`.trim();
  },
  /** A bare plural as the frequency list spells it (gender unknown: no article, no adjective). */
  plural: ES_PLURAL,
  infinitive: new WordPool('es.infinitive', split(ES.infinitive)),
  /** Masculine singular adjective ("todo muy tranquilo"). */
  adjective: ES_ADJECTIVE,
};
