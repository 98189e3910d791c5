import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, isSupportedLanguage, pickLanguage, SUPPORTED_LANGUAGES } from './languages';

describe('languages (SPEC §9)', () => {
  it('supports only en and ja, defaulting to en', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'ja']);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(isSupportedLanguage('ja')).toBe(true);
    expect(isSupportedLanguage('fr')).toBe(false);
    expect(isSupportedLanguage(undefined)).toBe(false);
  });

  it.each([
    [['ja-JP'], 'ja'],
    [['ja'], 'ja'],
    [['JA_jp'], 'ja'],
    [['en-GB', 'ja'], 'en'],
    [['fr-FR', 'ja-JP'], 'ja'],
    [['fr', 'de'], 'en'],
    [[], 'en'],
    [[''], 'en'],
  ])('picks %j → %s', (candidates, language) => {
    expect(pickLanguage(candidates)).toBe(language);
  });
});
