import { describe, expect, it } from 'vitest';
import { categoryIndex } from '@murmur/core/x-catalogue';
import AR from '../lexicon/vocabulary/ar';
import DE from '../lexicon/vocabulary/de';
import FR from '../lexicon/vocabulary/fr';
import ID from '../lexicon/vocabulary/id';
import KO from '../lexicon/vocabulary/ko';
import PT from '../lexicon/vocabulary/pt';
import TR from '../lexicon/vocabulary/tr';
import { Rng } from '../random/prng';
import { GRAMMARS, fillGrammar } from './grammar';
import {
  DE_WORDS,
  PT_WORDS,
  frenchFeminine,
  frenchPlural,
  germanWeak,
  koreanAdnominal,
  koreanParticle,
  portuguesePlural,
  turkishInfinitiveDative,
  turkishSuffix,
} from './vocabulary-world';

const LISTS = { pt: PT, ar: AR, fr: FR, de: DE, id: ID, ko: KO, tr: TR } as const;
const wordsOf = (lists: Readonly<Record<string, string>>): string[] =>
  Object.values(lists).flatMap((list) => list.split('|'));

// The most common obscene and slur words of each language (a test sample; the build removes the
// LDNOOBW lists and more, see vocabulary/README.md).
const OBSCENE: Readonly<Record<keyof typeof LISTS, readonly string[]>> = {
  pt: ['porra', 'caralho', 'merda', 'puta', 'buceta', 'foder', 'viado', 'cu'],
  ar: ['كس', 'زب', 'شرموطة', 'عاهرة', 'العاهرة', 'منيوك', 'قحبة'],
  fr: ['merde', 'putain', 'salope', 'connard', 'enculé', 'bite', 'chatte'],
  de: ['Scheiße', 'Arsch', 'Hure', 'Schlampe', 'Fotze', 'Wichser', 'ficken'],
  id: ['bajingan', 'bangsat', 'kontol', 'memek', 'ngentot', 'pelacur', 'anjing'],
  ko: ['씨발', '개새끼', '병신', '새끼', '좆', '보지'],
  tr: ['siktir', 'orospu', 'piç', 'amcık', 'yarak', 'sikmek'],
};

describe('vocabulary of the other languages', () => {
  it.each(Object.entries(LISTS))(
    '%s has a vocabulary of its own, without duplicates in a list',
    (_, lists) => {
      const all = wordsOf(lists);
      expect(all.length).toBeGreaterThan(400);
      for (const list of Object.values(lists)) {
        const words = list.split('|');
        expect(new Set(words).size).toBe(words.length);
        expect(words.every((w) => w.length > 0 && !/[|{}]/.test(w))).toBe(true);
      }
    },
  );

  it('holds about a thousand words or more in the larger languages', () => {
    for (const code of ['pt', 'ar', 'fr', 'id'] as const)
      expect(new Set(wordsOf(LISTS[code])).size).toBeGreaterThan(1500);
  });

  it.each(Object.entries(LISTS))('%s has no obscene words', (code, lists) => {
    const all = new Set(wordsOf(lists).map((w) => w.toLowerCase()));
    for (const bad of OBSCENE[code as keyof typeof LISTS]) expect(all.has(bad.toLowerCase())).toBe(false);
  });

  it('writes each language in its script', () => {
    expect(wordsOf(AR).every((w) => /^[\u0621-\u064a]+$/u.test(w))).toBe(true);
    expect(AR.definite.split('|').every((w) => w.startsWith('ال'))).toBe(true);
    expect(wordsOf(KO).every((w) => /^[\uac00-\ud7a3]+$/u.test(w))).toBe(true);
    expect(KO.verb.split('|').every((w) => w.endsWith('다'))).toBe(true);
    for (const code of ['pt', 'fr', 'id', 'tr'] as const)
      expect(wordsOf(LISTS[code]).every((w) => /^\p{Script=Latin}+$/u.test(w))).toBe(true);
    // German nouns are capitalised, its verbs and adjectives not.
    for (const list of [DE.masculine, DE.feminine, DE.neuter])
      expect(list.split('|').every((w) => /^\p{Lu}\p{Ll}+$/u.test(w))).toBe(true);
    expect(`${DE.adjective}|${DE.infinitive}`.split('|').every((w) => /^\p{Ll}+$/u.test(w))).toBe(true);
    expect(DE.infinitive.split('|').every((w) => /(en|ern|eln)$/.test(w))).toBe(true);
    expect(TR.infinitive.split('|').every((w) => /m[ae]k$/.test(w))).toBe(true);
  });
});

describe('inflection', () => {
  it('makes Portuguese plurals and agreement', () => {
    expect(['carro', 'canção', 'papel', 'jardim', 'flor', 'casa', 'funil'].map(portuguesePlural)).toEqual([
      'carros',
      'canções',
      'papéis',
      'jardins',
      'flores',
      'casas',
      'funis',
    ]);
    const rng = new Rng(3);
    for (let k = 0; k < 200; k++) {
      const phrase = PT_WORDS.phrase(rng, 0, 'o', false, true);
      const [article, noun, adjective] = phrase.split(' ');
      expect(['o', 'a']).toContain(article);
      // a feminine noun never takes an adjective in -o
      if (article === 'a') expect(adjective).not.toMatch(/o$/);
      expect(noun).toBeTruthy();
    }
  });

  it('makes French plurals, feminines and elisions', () => {
    expect(['voiture', 'bureau', 'journal', 'prix', 'festival'].map(frenchPlural)).toEqual([
      'voitures',
      'bureaux',
      'journaux',
      'prix',
      'festivals',
    ]);
    expect(['actif', 'heureux', 'réel', 'rapide', 'important'].map(frenchFeminine)).toEqual([
      'active',
      'heureuse',
      'réelle',
      'rapide',
      'importante',
    ]);
    const fr = GRAMMARS.fr!;
    expect(fillGrammar(fr, 'Fan {a_de} et {b_de}', new Rng(1), 0, { a: 'actualité', b: 'jazz' })).toBe(
      "Fan d'actualité et de jazz",
    );
    const rng = new Rng(5);
    for (let k = 0; k < 300; k++) {
      const text = fillGrammar(fr, '{le} {du} {au} {de_inf}', rng, 0, {});
      expect(text).not.toMatch(/\b(le|la|de|du) [aeiouéèêàâîô]/);
      expect(text).not.toMatch(/\bà le\b|\bde le\b/);
    }
  });

  it('declines German weak masculines', () => {
    expect(['Kunde', 'Student', 'Journalist', 'Doktor', 'Moment'].map(germanWeak)).toEqual([
      'Kunden',
      'Studenten',
      'Journalisten',
      'Doktor',
      'Moment',
    ]);
    // the dictionary's exceptions to the rule: "den Kaffee", "den Menschen"
    expect(['Kaffee', 'Mensch', 'Salat'].map(germanWeak)).toEqual(['Kaffee', 'Menschen', 'Salat']);
  });

  it('declines German attributive adjectives after der and ein', () => {
    const rng = new Rng(5);
    for (let k = 0; k < 300; k++) {
      // weak after the definite article, mixed after the indefinite one
      expect(DE_WORDS.phrase(rng, k % 25, 'den', true)).toMatch(
        /^(den \p{Ll}+en|die \p{Ll}+e|das \p{Ll}+e) \p{Lu}/u,
      );
      expect(DE_WORDS.phrase(rng, k % 25, 'dem', true)).toMatch(/^(dem|der) \p{Ll}+en \p{Lu}/u);
      expect(DE_WORDS.phrase(rng, k % 25, 'ein', true)).toMatch(
        /^(ein \p{Ll}+er|eine \p{Ll}+e|ein \p{Ll}+es) \p{Lu}/u,
      );
    }
  });

  it('chooses Korean particles by the final consonant', () => {
    expect(koreanParticle('사람', 'obj')).toBe('사람을');
    expect(koreanParticle('친구', 'obj')).toBe('친구를');
    expect(koreanParticle('시간', 'subj')).toBe('시간이');
    expect(koreanParticle('커피', 'subj')).toBe('커피가');
    expect(koreanParticle('음악', 'top')).toBe('음악은');
    expect(koreanParticle('학교', 'and')).toBe('학교와');
    expect(koreanParticle('서울', 'dir')).toBe('서울로');
    expect(koreanParticle('집', 'dir')).toBe('집으로');
    expect(['예쁘다', '작다', '어렵다', '길다', '맛있다'].map(koreanAdnominal)).toEqual([
      '예쁜',
      '작은',
      '어려운',
      '긴',
      '맛있는',
    ]);
    // on interest words too, through the grammar
    expect(fillGrammar(GRAMMARS.ko!, '{a_obj} {b_top}', new Rng(1), 0, { a: '재즈', b: '축구' })).toBe(
      '재즈를 축구는',
    );
  });

  it('keeps Turkish vowel harmony', () => {
    expect(['kitap', 'ev', 'araba', 'köpek', 'okul', 'gül'].map((w) => turkishSuffix(w, 'pl'))).toEqual([
      'kitaplar',
      'evler',
      'arabalar',
      'köpekler',
      'okullar',
      'güller',
    ]);
    expect(['kitap', 'ev', 'araba', 'köpek', 'okul', 'gül'].map((w) => turkishSuffix(w, 'acc'))).toEqual([
      'kitabı',
      'evi',
      'arabayı',
      'köpeği',
      'okulu',
      'gülü',
    ]);
    expect(['kitap', 'ev', 'park'].map((w) => turkishSuffix(w, 'loc'))).toEqual([
      'kitapta',
      'evde',
      'parkta',
    ]);
    expect(['kitap', 'ev', 'araba'].map((w) => turkishSuffix(w, 'dat'))).toEqual([
      'kitaba',
      'eve',
      'arabaya',
    ]);
    expect(['okumak', 'izlemek'].map(turkishInfinitiveDative)).toEqual(['okumaya', 'izlemeye']);
    // nouns the rules would misinflect (saati, not saadi; fikri, not fikiri) are not in the list
    const nouns = new Set(TR.noun.split('|'));
    expect(['saat', 'hayat', 'fikir', 'şehir', 'renk'].filter((w) => nouns.has(w))).toEqual([]);
    expect(['kitap', 'kahve', 'müzik'].every((w) => nouns.has(w))).toBe(true);
  });
});

describe('grammars of the other languages', () => {
  const codes = ['pt', 'ar', 'fr', 'de', 'id', 'ko', 'tr'] as const;

  it.each(codes)('%s fills every frame, leaves no slot and is deterministic', (code) => {
    const grammar = GRAMMARS[code]!;
    const fixed = {
      a: 'A1',
      b: 'B2',
      tag: '#t',
      tag2: '#u',
      mention: '@m',
      emoji: '✨',
      job: 'J',
      city: 'C',
    };
    for (const template of [...grammar.post, ...grammar.reply, ...grammar.bio]) {
      const one = fillGrammar(grammar, template, new Rng(11), categoryIndex('music'), fixed);
      const two = fillGrammar(grammar, template, new Rng(11), categoryIndex('music'), fixed);
      expect(one).toBe(two);
      expect(one).not.toMatch(/[{}]|undefined/);
    }
  });

  it.each(codes)('%s varies: many distinct words over a few thousand posts', (code) => {
    const grammar = GRAMMARS[code]!;
    const rng = new Rng(99);
    const seen = new Set<string>();
    const segmenter = new Intl.Segmenter(code, { granularity: 'word' });
    for (let k = 0; k < 3000; k++) {
      const text = fillGrammar(grammar, rng.pick(grammar.post), rng, rng.int(25), { a: '', b: '' });
      for (const s of segmenter.segment(text)) if (s.isWordLike) seen.add(s.segment.toLowerCase());
    }
    expect(seen.size).toBeGreaterThan(350);
  });

  it('writes Arabic posts in Arabic script and Korean posts in Hangul', () => {
    const rng = new Rng(4);
    for (let k = 0; k < 200; k++) {
      const ar = fillGrammar(GRAMMARS.ar!, rng.pick(GRAMMARS.ar!.post), rng, 3, {});
      expect(ar).toMatch(/[\u0621-\u064a]{3}/u);
      expect(ar).not.toMatch(/[A-Za-z]/);
      const ko = fillGrammar(GRAMMARS.ko!, rng.pick(GRAMMARS.ko!.post), rng, 3, {});
      expect(ko).toMatch(/[\uac00-\ud7a3]{2}/u);
      expect(ko).not.toMatch(/[A-Za-z]/);
    }
  });
});
