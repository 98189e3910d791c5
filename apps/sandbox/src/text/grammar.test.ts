import { describe, expect, it } from 'vitest';
import { categoryIndex } from '@murmur/core/x-catalogue';
import { INTERESTS } from '@murmur/core/x-catalogue';
import EN_LISTS from '../lexicon/vocabulary/en';
import { Rng } from '../random/prng';
import { GRAMMARS, fillGrammar } from './grammar';
import { ES_WORDS, EN_WORDS, JA_WORDS, englishPlural, spanishPlural } from './vocabulary';

const topWords = (draw: (rng: Rng) => string, n = 20_000): string[] => {
  const rng = new Rng(7);
  const counts = new Map<string, number>();
  for (let k = 0; k < n; k++) {
    const w = draw(rng);
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 20)
    .map(([w]) => w);
};

describe('common vocabulary', () => {
  it('holds thousands of words per major language', () => {
    const en = Object.values(EN_LISTS).reduce((sum, list) => sum + list.split('|').length, 0);
    expect(en).toBeGreaterThan(5000);
    const ja = Object.values(JA_WORDS).reduce((sum, pool) => sum + pool.words.length, 0);
    expect(ja).toBeGreaterThan(7000);
    expect(ES_WORDS.plural.words.length + ES_WORDS.infinitive.words.length).toBeGreaterThan(1000);
  });

  it('gives each topic its own most used words (word clouds differ by topic)', () => {
    const food = categoryIndex('food');
    const tech = categoryIndex('technology');
    const foodTop = topWords((rng) => EN_WORDS.noun(rng, food));
    const techTop = topWords((rng) => EN_WORDS.noun(rng, tech));
    expect(foodTop.filter((w) => techTop.includes(w)).length).toBeLessThan(5);
    // English nouns follow meaning: food posts reach for food words.
    expect(topWords((rng) => EN_WORDS.noun(rng, food), 50_000).join(' ')).toMatch(
      /\b(milk|honey|chicken|rice|sugar|tea|wine|dinner|lemon|orange)\b/,
    );
    const jaFood = topWords((rng) => JA_WORDS.noun.draw(rng, food));
    const jaTech = topWords((rng) => JA_WORDS.noun.draw(rng, tech));
    // Common words stay common everywhere (without conditioning all 20 would be shared).
    expect(jaFood.filter((w) => jaTech.includes(w)).length).toBeLessThan(14);
  });

  it('inflects as the language does', () => {
    expect(['city', 'box', 'person', 'day'].map(englishPlural)).toEqual([
      'cities',
      'boxes',
      'people',
      'days',
    ]);
    expect(['casa', 'ciudad', 'canción', 'luz', 'café'].map(spanishPlural)).toEqual([
      'casas',
      'ciudades',
      'canciones',
      'luces',
      'cafés',
    ]);
    const rng = new Rng(3);
    for (let k = 0; k < 500; k++) {
      const phrase = ES_WORDS.phrase(rng, 0, 'el', true, true);
      // Article, noun and adjective agree in number: los/las … s … s.
      expect(phrase).toMatch(/^(los|las) \S+s \S+s$/);
      const [article, , adjective] = phrase.split(' ');
      expect(adjective!.endsWith(article === 'las' ? 'as' : 'os')).toBe(true);
    }
  });
});

describe('grammar', () => {
  it('fills every slot of every frame, in each major language', () => {
    const rng = new Rng(11);
    const fixed = { a: 'TOPIC', b: 'OTHER', c: 'THIRD', tag: '#t', tag2: '#u', mention: '@m', emoji: '✨' };
    for (const [code, grammar] of Object.entries(GRAMMARS)) {
      for (const frame of [...grammar!.post, ...grammar!.reply, ...grammar!.bio]) {
        const text = fillGrammar(grammar!, frame, rng, INTERESTS[0]!.category, {
          ...fixed,
          job: 'JOB',
          city: 'CITY',
        });
        expect(text, `${code}: ${frame}`).not.toMatch(/[{}]|\s{2}|undefined/);
        if (frame.includes('{a}')) expect(text).toContain('TOPIC');
      }
    }
  });
});
