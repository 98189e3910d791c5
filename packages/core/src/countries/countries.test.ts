import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryByCode } from './countries';

describe('COUNTRIES', () => {
  it('covers the 249 ISO 3166-1 countries once each, ordered by code', () => {
    expect(COUNTRIES).toHaveLength(249);
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(249);
    expect([...codes].sort()).toEqual(codes);
    expect(codes.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
  });

  it('has distinct English and Japanese names for every country', () => {
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(249);
    expect(new Set(COUNTRIES.map((c) => c.nameJa)).size).toBe(249);
    expect(COUNTRIES.every((c) => c.name.trim() === c.name && c.name.length > 1)).toBe(true);
    // Japanese names are written in kana/kanji, never in Latin letters.
    expect(COUNTRIES.filter((c) => /[A-Za-z]/.test(c.nameJa))).toEqual([]);
  });

  it('makes only the DPRK unselectable, named as SPEC §4 names it, with its info (deviation 8)', () => {
    const unselectable = COUNTRIES.filter((c) => !c.selectable);
    expect(unselectable).toEqual([
      {
        code: 'KP',
        name: "Democratic People's Republic of Korea",
        nameJa: '朝鮮民主主義人民共和国',
        selectable: false,
        info: 'This country is not available for targeting.',
      },
    ]);
    expect(COUNTRIES.filter((c) => c.info !== undefined)).toHaveLength(1);
  });

  it('names well-known countries in both languages', () => {
    expect(countryByCode('JP')).toMatchObject({ name: 'Japan', nameJa: '日本', selectable: true });
    expect(countryByCode('us')).toMatchObject({ name: 'United States', nameJa: 'アメリカ合衆国' });
    expect(countryByCode('GB')).toMatchObject({ name: 'United Kingdom', nameJa: 'イギリス' });
    expect(countryByCode('KR')).toMatchObject({ name: 'South Korea', nameJa: '韓国' });
    expect(countryByCode('CI')?.name).toBe("Côte d'Ivoire");
    expect(countryByCode('HK')).toMatchObject({ name: 'Hong Kong', nameJa: '香港' });
  });

  it('returns undefined for unknown codes', () => {
    expect(countryByCode('XX')).toBeUndefined();
    expect(countryByCode('')).toBeUndefined();
  });
});
