import { describe, expect, it } from 'vitest';
import { COUNTRY_ALIASES } from './aliases';
import { COUNTRIES, countryByCode } from './countries';
import { countryKey } from './country-key';

describe('COUNTRY_ALIASES', () => {
  const entries = Object.entries(COUNTRY_ALIASES);

  it('has keys already in countryKey form, so lookups can match them', () => {
    expect(entries.filter(([alias]) => countryKey(alias) !== alias)).toEqual([]);
  });

  it('points only at real countries', () => {
    expect(entries.filter(([, code]) => countryByCode(code)?.code !== code)).toEqual([]);
  });

  it('never contradicts a country name', () => {
    const byName = new Map(COUNTRIES.map((c) => [countryKey(c.name), c.code]));
    expect(entries.filter(([alias, code]) => byName.has(alias) && byName.get(alias) !== code)).toEqual([]);
  });

  it('covers the SPEC §5 examples', () => {
    expect(COUNTRY_ALIASES).toMatchObject({
      us: 'US',
      usa: 'US',
      uk: 'GB',
      uae: 'AE',
      britain: 'GB',
      netherlands: 'NL',
      czechia: 'CZ',
      turkiye: 'TR',
      'viet nam': 'VN',
    });
  });
});
