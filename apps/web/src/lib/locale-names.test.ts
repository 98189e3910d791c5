import { describe, expect, it } from 'vitest';
import { countryName, languageName, regionName } from './locale-names';

describe('display names of countries and languages', () => {
  it('shows a language code by its name in Japanese, and keeps the English label in English', () => {
    expect(languageName('ja', 'Japanese', 'ja')).toBe('日本語');
    expect(languageName('en', 'English', 'ja')).toBe('英語');
    expect(languageName('ja', 'Japanese', 'en')).toBe('Japanese');
    expect(languageName('ja', 'ja', 'en')).toBe('Japanese');
    expect(languageName(undefined, 'Klingon', 'ja')).toBe('Klingon');
    expect(languageName('not a code', 'Other', 'ja')).toBe('Other');
    // Data that names languages in English.
    expect(languageName('Japanese', 'Japanese', 'ja')).toBe('日本語');
    expect(languageName('Japanese', 'Japanese', 'en')).toBe('Japanese');
  });

  it('shows a country by code, name or alias in the interface language', () => {
    expect(countryName('Japan', 'ja')).toBe('日本');
    expect(countryName('JP', 'ja')).toBe('日本');
    expect(countryName('usa', 'ja')).toBe('アメリカ合衆国');
    expect(countryName('JP', 'en')).toBe('Japan');
    expect(countryName('Japan', 'en')).toBe('Japan');
    expect(countryName('Atlantis', 'ja')).toBe('Atlantis');
  });

  it('names the country of a region in Japanese', () => {
    expect(regionName('Kanto, JP', 'ja')).toBe('Kanto, 日本');
    expect(regionName('Kanto, JP', 'en')).toBe('Kanto, JP');
  });
});
