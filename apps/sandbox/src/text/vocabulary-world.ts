import type { Rng } from '../random/prng';
import AR from '../lexicon/vocabulary/ar';
import DE from '../lexicon/vocabulary/de';
import FR from '../lexicon/vocabulary/fr';
import ID from '../lexicon/vocabulary/id';
import KO from '../lexicon/vocabulary/ko';
import PT from '../lexicon/vocabulary/pt';
import TR from '../lexicon/vocabulary/tr';
import { WordPool } from './vocabulary';

/**
 * The common vocabulary of the other population languages (Portuguese, Arabic, French, German,
 * Indonesian, Korean, Turkish; src/lexicon/vocabulary, built from frequency lists, Hunspell
 * dictionaries and morphology, see the README there) and the inflection each grammar needs: gender
 * and articles (pt, fr, de), particles by final consonant (ko), vowel harmony (tr). Draws are
 * topic-conditioned like English, Japanese and Spanish (WordPool).
 */

const split = (list: string): string[] => list.split('|').filter(Boolean);

interface Gendered {
  word: string;
  feminine: boolean;
}

/** Draws a masculine or feminine noun, in proportion to the two lists. */
function genderedNoun(masculine: WordPool, feminine: WordPool) {
  const share = feminine.words.length / (feminine.words.length + masculine.words.length);
  return (rng: Rng, category: number): Gendered => {
    const isFeminine = rng.chance(share);
    return { word: (isFeminine ? feminine : masculine).draw(rng, category), feminine: isFeminine };
  };
}

// ---------- Portuguese ----------

/** Portuguese plural: carro → carros, canção → canções, papel → papéis, jardim → jardins, flor → flores. */
export function portuguesePlural(word: string): string {
  if (/ão$/.test(word)) return `${word.slice(0, -2)}ões`;
  if (/il$/.test(word)) return `${word.slice(0, -1)}s`;
  if (/el$/.test(word)) return `${word.slice(0, -2)}éis`;
  if (/ol$/.test(word)) return `${word.slice(0, -2)}óis`;
  if (/[au]l$/.test(word)) return `${word.slice(0, -1)}is`;
  if (/m$/.test(word)) return `${word.slice(0, -1)}ns`;
  if (/[rz]$/.test(word)) return `${word}es`;
  if (/s$/.test(word)) return word;
  return `${word}s`;
}

const PT_NOUN = genderedNoun(
  new WordPool('pt.masculine', split(PT.masculine)),
  new WordPool('pt.feminine', split(PT.feminine)),
);
const PT_ADJECTIVE = new WordPool('pt.adjective', split(PT.adjective));

/** Adjectives are stored masculine singular: -o agrees (bonita), -e does not (inteligente). */
const ptAgree = (adjective: string, feminine: boolean, plural: boolean): string =>
  `${feminine && adjective.endsWith('o') ? `${adjective.slice(0, -1)}a` : adjective}${plural ? 's' : ''}`;

const PT_ARTICLES = {
  o: ['o', 'a', 'os', 'as'],
  um: ['um', 'uma', 'uns', 'umas'],
  do: ['do', 'da', 'dos', 'das'],
  no: ['no', 'na', 'nos', 'nas'],
  '': ['', '', '', ''],
} as const;

export const PT_WORDS = {
  noun: PT_NOUN,
  /** A noun phrase: article (o/um, or contracted with de/em), the noun, plural, an agreeing adjective. */
  phrase(
    rng: Rng,
    category: number,
    article: keyof typeof PT_ARTICLES,
    plural: boolean,
    adjective: boolean,
  ): string {
    const { word, feminine } = PT_NOUN(rng, category);
    const det = PT_ARTICLES[article][(feminine ? 1 : 0) + (plural ? 2 : 0)]!;
    const noun = plural ? portuguesePlural(word) : word;
    const adj = adjective ? ` ${ptAgree(PT_ADJECTIVE.draw(rng, category), feminine, plural)}` : '';
    return `${det} ${noun}${adj}`.trim();
  },
  adjective: PT_ADJECTIVE,
  infinitive: new WordPool('pt.infinitive', split(PT.infinitive)),
};

// ---------- French ----------

const FR_PLURAL_AL = new Set(['festival', 'carnaval', 'bal', 'récital', 'chacal', 'régal']);
const FR_PLURAL_OUX = new Set(['bijou', 'caillou', 'chou', 'genou', 'hibou', 'joujou', 'pou']);

/** French plural: voiture → voitures, bureau → bureaux, journal → journaux, prix → prix. */
export function frenchPlural(word: string): string {
  if (/[sxz]$/.test(word)) return word;
  if (/(eau|au|eu)$/.test(word) && word !== 'pneu') return `${word}x`;
  if (FR_PLURAL_OUX.has(word)) return `${word}x`;
  if (/al$/.test(word) && !FR_PLURAL_AL.has(word)) return `${word.slice(0, -2)}aux`;
  return `${word}s`;
}

/** A masculine adjective made feminine: actif → active, heureux → heureuse, réel → réelle, rapide. */
export function frenchFeminine(adjective: string): string {
  if (adjective.endsWith('e')) return adjective;
  if (adjective.endsWith('if')) return `${adjective.slice(0, -1)}ve`;
  if (adjective.endsWith('eux')) return `${adjective.slice(0, -1)}se`;
  if (adjective.endsWith('el')) return `${adjective}le`;
  return `${adjective}e`;
}

const frAdjective = (adjective: string, feminine: boolean, plural: boolean): string => {
  if (feminine) return `${frenchFeminine(adjective)}${plural ? 's' : ''}`;
  return plural ? frenchPlural(adjective) : adjective;
};

/** Words starting with an aspirated h keep their article (le héros, not l'héros). */
const FR_ASPIRATED =
  /^(hasard|héros|hauteur|haut|honte|hausse|haine|hall|handicap|hangar|hiérarchie|hockey|homard|hibou|housse|hutte)/;
const elides = (word: string): boolean => /^[aeiouyàâéèêîôûœh]/.test(word) && !FR_ASPIRATED.test(word);

const FR_NOUN = genderedNoun(
  new WordPool('fr.masculine', split(FR.masculine)),
  new WordPool('fr.feminine', split(FR.feminine)),
);
const FR_ADJECTIVE = new WordPool('fr.adjective', split(FR.adjective));
/** Every noun, with or without a known gender. */
const FR_ANY_NOUN = new WordPool('fr.noun', [
  ...split(FR.masculine),
  ...split(FR.feminine),
  ...split(FR.noun),
]);

export type FrenchDeterminer = 'le' | 'un' | 'du' | 'au' | 'des' | 'de' | '';

/** The determiner before a noun: le/la/l'/les, un/une/des, du/de la/de l'/des, au/à la/à l'/aux, de/d'. */
function frDeterminer(det: FrenchDeterminer, next: string, feminine: boolean, plural: boolean): string {
  const vowel = elides(next);
  switch (det) {
    case 'le':
      return plural ? 'les ' : vowel ? "l'" : feminine ? 'la ' : 'le ';
    case 'un':
      return plural ? 'des ' : feminine ? 'une ' : 'un ';
    case 'du':
      return plural ? 'des ' : vowel ? "de l'" : feminine ? 'de la ' : 'du ';
    case 'au':
      return plural ? 'aux ' : vowel ? "à l'" : feminine ? 'à la ' : 'au ';
    case 'des':
      return plural ? 'des ' : feminine ? 'une ' : 'un ';
    case 'de':
      return vowel ? "d'" : 'de ';
    case '':
      return '';
  }
}

/** "de" before a word, elided before a vowel or mute h: "de chanter", "d'écrire". */
export const frenchDe = (word: string): string => (elides(word) ? `d'${word}` : `de ${word}`);

export const FR_WORDS = {
  noun: FR_NOUN,
  /** A noun phrase with its determiner (elided and contracted as French does), optionally plural with an adjective after the noun. */
  phrase(rng: Rng, category: number, det: FrenchDeterminer, plural: boolean, adjective: boolean): string {
    // A plural without adjective shows no gender (les, des), so any noun will do.
    const { word, feminine } =
      plural && !adjective
        ? { word: FR_ANY_NOUN.draw(rng, category), feminine: false }
        : FR_NOUN(rng, category);
    const noun = plural ? frenchPlural(word) : word;
    const adj = adjective ? ` ${frAdjective(FR_ADJECTIVE.draw(rng, category), feminine, plural)}` : '';
    return `${frDeterminer(det, noun, feminine, plural)}${noun}${adj}`;
  },
  adjective: FR_ADJECTIVE,
  infinitive: new WordPool('fr.infinitive', split(FR.infinitive)),
};

// ---------- German ----------

type GermanGender = 0 | 1 | 2; // masculine, feminine, neuter

const DE_POOLS = [
  new WordPool('de.masculine', split(DE.masculine)),
  new WordPool('de.feminine', split(DE.feminine)),
  new WordPool('de.neuter', split(DE.neuter)),
] as const;
const DE_TOTAL = DE_POOLS.reduce((sum, p) => sum + p.words.length, 0);
/** Every noun, with or without a known gender (for slots without an article). */
const DE_ANY_NOUN = new WordPool('de.noun', [...DE_POOLS.flatMap((p) => p.words), ...split(DE.noun)]);

const DE_STRONG = new Set(['Diamant', 'Zement', 'Kontinent', 'Moment', 'Orient', 'Käse']);
/** Masculine nouns the rule below declines wrongly, with their accusative (Kaffee: Kaffee, Mensch: Menschen). */
const DE_OBLIQUE = new Map(split(DE.oblique).map((pair) => pair.split(':') as [string, string]));

/**
 * A masculine noun outside the nominative: weak nouns (n-declension) take -n/-en ("den Kunden",
 * "dem Studenten", "den Journalisten"); the others stay as they are.
 */
export function germanWeak(noun: string): string {
  const known = DE_OBLIQUE.get(noun);
  if (known !== undefined) return known;
  if (DE_STRONG.has(noun)) return noun;
  if (noun.endsWith('e')) return `${noun}n`;
  if (/(ent|ant|ist|oph|at)$/.test(noun)) return `${noun}en`;
  return noun;
}

/** Articles by case and gender (m, f, n): der/die/das, den/die/das, dem/der/dem, ein/eine/ein, einen/eine/ein. */
const DE_ARTICLES = {
  der: ['der', 'die', 'das'],
  den: ['den', 'die', 'das'],
  dem: ['dem', 'der', 'dem'],
  ein: ['ein', 'eine', 'ein'],
  einen: ['einen', 'eine', 'ein'],
} as const;

export type GermanArticle = keyof typeof DE_ARTICLES;

/**
 * Attributive adjective endings by article and gender (m, f, n): weak after der/den/dem ("der
 * schöne Tag", "den schönen Tag", "dem schönen Tag"), mixed after ein/einen ("ein schöner Tag",
 * "einen schönen Tag", "ein schönes Haus").
 */
const DE_ENDINGS: Readonly<Record<GermanArticle, readonly [string, string, string]>> = {
  der: ['e', 'e', 'e'],
  den: ['en', 'e', 'e'],
  dem: ['en', 'en', 'en'],
  ein: ['er', 'e', 'es'],
  einen: ['en', 'e', 'es'],
};

const DE_ATTRIBUTIVE = new WordPool('de.attributive', split(DE.attributive));

export const DE_WORDS = {
  noun(rng: Rng, category: number): { word: string; gender: GermanGender } {
    let r = rng.float() * DE_TOTAL;
    let g = 0;
    while (g < 2 && r >= DE_POOLS[g]!.words.length) r -= DE_POOLS[g++]!.words.length;
    const gender = g as GermanGender;
    return { word: DE_POOLS[gender].draw(rng, category), gender };
  },
  /** A singular noun with its article in the case asked for ("den Kaffee", "der Musik", "den Kunden"). */
  phrase(rng: Rng, category: number, article: GermanArticle, adjective = false): string {
    const { word, gender } = DE_WORDS.noun(rng, category);
    const oblique = article !== 'der' && article !== 'ein';
    const adj = adjective ? `${DE_ATTRIBUTIVE.draw(rng, category)}${DE_ENDINGS[article][gender]} ` : '';
    return `${DE_ARTICLES[article][gender]} ${adj}${gender === 0 && oblique ? germanWeak(word) : word}`;
  },
  /** A noun without article ("Morgens Jazz, abends Fußball, dazwischen Bücher"). */
  bare: DE_ANY_NOUN,
  /** Uninflected (predicative) adjectives: "… ist einfach schön". */
  adjective: new WordPool('de.adjective', split(DE.adjective)),
  infinitive: new WordPool('de.infinitive', split(DE.infinitive)),
};

// ---------- Arabic ----------

export const AR_WORDS = {
  /** Nouns with the article (القهوة). */
  definite: new WordPool('ar.definite', split(AR.definite)),
  /** The same nouns without it (قهوة). */
  indefinite: new WordPool('ar.indefinite', split(AR.indefinite)),
};

// ---------- Indonesian ----------

export const ID_WORDS = {
  noun: new WordPool('id.noun', split(ID.noun)),
  /** meN-/ber- verbs (membaca, bermain), usable as they stand. */
  verb: new WordPool('id.verb', split(ID.verb)),
};

// ---------- Korean ----------

const HANGUL_FIRST = 0xac00;

/** The final consonant (jongseong) index of a word's last syllable: 0 = none, 8 = ㄹ; -1 for non-Hangul. */
function finalConsonant(word: string): number {
  const code = word.codePointAt(word.length - 1) ?? 0;
  if (code < HANGUL_FIRST || code > 0xd7a3) return -1;
  return (code - HANGUL_FIRST) % 28;
}

export type KoreanParticle = 'obj' | 'subj' | 'top' | 'and' | 'with' | 'dir';

/**
 * A noun with its particle, chosen by the final consonant: 사람을/친구를, 사람이/친구가, 사람은/친구는,
 * 사람과/친구와, 사람이랑/친구랑, 집으로/학교로/서울로. Latin or digits (K-pop, F1): as read aloud is
 * unknowable, so the form after a vowel.
 */
export function koreanParticle(word: string, particle: KoreanParticle): string {
  const jong = finalConsonant(word);
  const batchim = jong > 0;
  switch (particle) {
    case 'obj':
      return word + (batchim ? '을' : '를');
    case 'subj':
      return word + (batchim ? '이' : '가');
    case 'top':
      return word + (batchim ? '은' : '는');
    case 'and':
      return word + (batchim ? '과' : '와');
    case 'with':
      return word + (batchim ? '이랑' : '랑');
    case 'dir':
      return word + (batchim && jong !== 8 ? '으로' : '로');
  }
}

/**
 * The adnominal (-은/-ㄴ) form of a descriptive verb, to stand before a noun: 예쁘다 → 예쁜, 작다 → 작은,
 * 어렵다 → 어려운 (ㅂ-irregular), 길다 → 긴 (ㄹ drops), 맛있다 → 맛있는.
 */
export function koreanAdnominal(adjective: string): string {
  const stem = adjective.slice(0, -1);
  if (/(있|없)$/.test(stem)) return `${stem}는`;
  const last = (stem.codePointAt(stem.length - 1) ?? HANGUL_FIRST) - HANGUL_FIRST;
  const jong = last % 28;
  const head = stem.slice(0, -1);
  if (jong === 0) return head + String.fromCodePoint(HANGUL_FIRST + last + 4);
  if (jong === 8) return head + String.fromCodePoint(HANGUL_FIRST + last - 8 + 4);
  if (jong === 17) return `${head}${String.fromCodePoint(HANGUL_FIRST + last - 17)}운`;
  return `${stem}은`;
}

export const KO_WORDS = {
  noun: new WordPool('ko.noun', split(KO.noun)),
  /** Nouns that take 하다 (공부 → 공부하고 싶어요). */
  verbalNoun: new WordPool('ko.verbalNoun', split(KO.verbalNoun)),
  /** Action verbs in dictionary form (먹다); the stem takes -고 싶어요 and -기 regularly. */
  verb: new WordPool('ko.verb', split(KO.verb)),
  /** Descriptive verbs in dictionary form (예쁘다), used before nouns in their adnominal form. */
  adjective: new WordPool('ko.adjective', split(KO.adjective)),
};

// ---------- Turkish ----------

const TR_VOWEL = /[aeıioöuü]/g;
const TR_FOUR: Readonly<Record<string, string>> = {
  a: 'ı',
  ı: 'ı',
  o: 'u',
  u: 'u',
  e: 'i',
  i: 'i',
  ö: 'ü',
  ü: 'ü',
};

const lastVowel = (word: string): string => {
  const vowels = word.toLocaleLowerCase('tr').match(TR_VOWEL);
  return vowels ? vowels[vowels.length - 1]! : 'e';
};
const isBack = (word: string): boolean => /[aıou]/.test(lastVowel(word));
const endsInVowel = (word: string): boolean => /[aeıioöuü]$/.test(word);

export type TurkishCase = 'pl' | 'acc' | 'loc' | 'dat';

/**
 * A Turkish noun with a suffix, in vowel harmony: kitaplar/evler (pl), kitabı/evi/arabayı (acc),
 * kitapta/evde (loc), kitaba/eve/arabaya (dat). Polysyllabic nouns soften a final p/ç/t/k before a
 * vowel (kitap → kitabı, köpek → köpeği).
 */
export function turkishSuffix(word: string, suffix: TurkishCase): string {
  const back = isBack(word);
  const hard = /[fstkçşhp]$/.test(word);
  if (suffix === 'pl') return word + (back ? 'lar' : 'ler');
  if (suffix === 'loc') return word + (hard ? 't' : 'd') + (back ? 'a' : 'e');
  const vowel = suffix === 'acc' ? TR_FOUR[lastVowel(word)]! : back ? 'a' : 'e';
  if (endsInVowel(word)) return `${word}y${vowel}`;
  const syllables = (word.match(TR_VOWEL) ?? []).length;
  const soft =
    syllables > 1 ? word.replace(/p$/, 'b').replace(/ç$/, 'c').replace(/t$/, 'd').replace(/k$/, 'ğ') : word;
  return soft + vowel;
}

/** An infinitive (okumak) in the dative: okumaya, izlemeye ("… başladım", "… bayılıyorum"). */
export const turkishInfinitiveDative = (infinitive: string): string =>
  `${infinitive.slice(0, -1)}y${infinitive.endsWith('mak') ? 'a' : 'e'}`;

export const TR_WORDS = {
  noun: new WordPool('tr.noun', split(TR.noun)),
  /** Adjectives, which do not inflect before a noun (güzel bir gün). */
  adjective: new WordPool('tr.adjective', split(TR.adjective)),
  infinitive: new WordPool('tr.infinitive', split(TR.infinitive)),
};
