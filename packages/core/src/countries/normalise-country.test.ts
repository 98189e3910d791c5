import { describe, expect, it } from 'vitest';
import { normaliseCountry } from './normalise-country';

describe('normaliseCountry (SPEC §5)', () => {
  it.each([
    ['us', 'US'],
    ['USA', 'US'],
    ['U.S.A.', 'US'],
    ['America', 'US'],
    ['United States of America', 'US'],
    ['uk', 'GB'],
    ['Britain', 'GB'],
    ['Great Britain', 'GB'],
    ['England', 'GB'],
    ['UAE', 'AE'],
    ['Emirates', 'AE'],
    ['The Netherlands', 'NL'],
    ['Holland', 'NL'],
    ['Czechia', 'CZ'],
    ['Czech Republic', 'CZ'],
    ['Turkiye', 'TR'],
    ['Türkiye', 'TR'],
    ['Turkey', 'TR'],
    ['Viet Nam', 'VN'],
    ['Vietnam', 'VN'],
    ['South Korea', 'KR'],
    ['Korea', 'KR'],
    ['Korea, Republic of', 'KR'],
    ['North Korea', 'KP'],
    ["Democratic People's Republic of Korea", 'KP'],
    ['Russia', 'RU'],
    ['Russian Federation', 'RU'],
    ['Iran', 'IR'],
    ['Syria', 'SY'],
    ['Bolivia', 'BO'],
    ['Venezuela', 'VE'],
    ['Tanzania', 'TZ'],
    ['Laos', 'LA'],
    ['Moldova', 'MD'],
    ['Taiwan', 'TW'],
    ['Ivory Coast', 'CI'],
    ["côte d'ivoire", 'CI'],
    ['Cote d’Ivoire', 'CI'],
    ['Burma', 'MM'],
    ['St. Kitts & Nevis', 'KN'],
    ['São Tomé and Príncipe', 'ST'],
    ['sao tome and principe', 'ST'],
    ['jp', 'JP'],
    [' Japan ', 'JP'],
    ['日本', 'JP'],
    ['アメリカ合衆国', 'US'],
    ['ＪＡＰＡＮ', 'JP'],
  ])('%j → %s', (input, code) => {
    expect(normaliseCountry(input)?.code).toBe(code);
  });

  it('returns the code and the English name', () => {
    expect(normaliseCountry('holland')).toEqual({ code: 'NL', name: 'Netherlands' });
    expect(normaliseCountry('KP')).toEqual({ code: 'KP', name: "Democratic People's Republic of Korea" });
  });

  it('returns undefined for anything else', () => {
    expect(normaliseCountry('')).toBeUndefined();
    expect(normaliseCountry('   ')).toBeUndefined();
    expect(normaliseCountry('Atlantis')).toBeUndefined();
    expect(normaliseCountry('xx')).toBeUndefined();
    expect(normaliseCountry('united')).toBeUndefined();
  });
});
