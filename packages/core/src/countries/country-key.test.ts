import { describe, expect, it } from 'vitest';
import { countryKey } from './country-key';

describe('countryKey', () => {
  it.each([
    ['United States', 'united states'],
    ['  united   STATES ', 'united states'],
    ['Côte d’Ivoire', 'cote divoire'],
    ["Cote d'Ivoire", 'cote divoire'],
    ['Türkiye', 'turkiye'],
    ['U.S.A.', 'usa'],
    ['Korea, Republic of', 'korea republic of'],
    ['St. Kitts & Nevis', 'saint kitts and nevis'],
    ['The Gambia', 'gambia'],
    ['Guinea-Bissau', 'guinea bissau'],
    ['ＵＳＡ', 'usa'],
    ['ブラジル', 'ブラジル'],
    ['ボスニア・ヘルツェゴビナ', 'ボスニア ヘルツェゴビナ'],
  ])('%j → %j', (input, key) => {
    expect(countryKey(input)).toBe(key);
  });
});
