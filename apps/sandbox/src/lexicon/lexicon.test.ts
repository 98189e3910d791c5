import { describe, expect, it } from 'vitest';
import { INTEREST_CATEGORIES } from '@murmur/core/x-catalogue';
import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { LEXICONS } from './index';

describe('lexicons', () => {
  it('cover every population language, in the order accounts store languages', () => {
    expect(LEXICONS.map((l) => l.code)).toEqual([...LANGUAGE_CODES]);
  });

  it.each(LEXICONS.map((l) => [l.code, l] as const))('%s has words for every interest category', (_, lex) => {
    expect(lex.words).toHaveLength(INTEREST_CATEGORIES.length);
    for (const words of lex.words) expect(words.length).toBeGreaterThanOrEqual(4);
  });

  it.each(LEXICONS.map((l) => [l.code, l] as const))('%s romanises names for handles', (_, lex) => {
    for (const name of [...lex.male, ...lex.female, ...lex.family]) expect(name.roman).toMatch(/^[a-z]+$/);
  });

  it.each(LEXICONS.map((l) => [l.code, l] as const))('%s templates use interest slots', (_, lex) => {
    expect(lex.bio.every((t) => t.includes('{a}'))).toBe(true);
    expect(lex.post.every((t) => t.includes('{a}'))).toBe(true);
    expect(lex.spamBio.every((t) => t.includes('{link}'))).toBe(true);
    expect(lex.bio.some((t) => !t.includes('{job}'))).toBe(true);
  });
});
