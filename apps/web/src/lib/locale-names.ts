import { countryByCode, normaliseCountry } from '@murmur/core/countries';
import type { AppLanguage } from './i18n';

// Targeting packages, the API and the sandbox keep English labels for countries and languages
// ("Japan", "Japanese") and codes ("JP", "ja"); the screens show them in the interface language. The
// stored package is never changed: these are display names only.

const displayNames = new Map<AppLanguage, Intl.DisplayNames | null>();
const languageNames = (language: AppLanguage): Intl.DisplayNames | null => {
  let names = displayNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'language' });
    } catch {
      names = null;
    }
    displayNames.set(language, names);
  }
  return names;
};

const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

// Languages some data names in English ("Japanese") rather than by code: the sandbox network's and the
// most common others, recognised by their English names.
const KNOWN_LANGUAGES = [
  'en',
  'ja',
  'es',
  'pt',
  'ar',
  'id',
  'tr',
  'fr',
  'ko',
  'de',
  'zh',
  'it',
  'ru',
  'hi',
  'th',
  'vi',
  'nl',
  'pl',
  'sv',
  'uk',
  'ms',
  'tl',
  'fa',
  'he',
  'el',
  'cs',
  'ro',
  'hu',
  'da',
  'fi',
  'no',
  'bn',
  'ur',
];
let byEnglishName: Map<string, string> | undefined;
const codeOfEnglishName = (name: string): string | undefined => {
  if (byEnglishName === undefined) {
    byEnglishName = new Map();
    const english = languageNames('en');
    for (const code of KNOWN_LANGUAGES) {
      const known = english?.of(code);
      if (known !== undefined) byEnglishName.set(known.toLowerCase(), code);
    }
  }
  return byEnglishName.get(name.trim().toLowerCase());
};

/**
 * A language, given by its code ("ja", "pt-BR") or its English name ("Japanese"), as a name in the
 * interface language: "日本語" in Japanese. `fallback` (the package's English label, or the code) when
 * the language is unknown; in English the fallback is kept whenever there is one, so English screens
 * read as before.
 */
export const languageName = (
  codeOrName: string | undefined,
  fallback: string,
  language: AppLanguage,
): string => {
  const code =
    codeOrName !== undefined && LANGUAGE_CODE.test(codeOrName)
      ? codeOrName
      : codeOfEnglishName(codeOrName ?? fallback);
  if (code === undefined) return fallback;
  if (language === 'en' && fallback !== '' && fallback !== code) return fallback;
  const name = languageNames(language)?.of(code);
  return name !== undefined && name.toLowerCase() !== code.toLowerCase() ? name : fallback || code;
};

/**
 * A country, given by its code ("JP") or a name or alias in either language ("Japan", "日本", "usa"),
 * in the interface language; the text itself when it is no known country. In English a name is kept
 * as written.
 */
export const countryName = (text: string, language: AppLanguage): string => {
  const byCode = /^[a-z]{2}$/i.test(text) ? countryByCode(text.toUpperCase()) : undefined;
  const country = byCode ?? countryByCode(normaliseCountry(text)?.code ?? '');
  if (country === undefined) return text;
  if (language === 'ja') return country.nameJa;
  return byCode !== undefined ? country.name : text;
};

/** "Kanto, JP" → "Kanto, 日本" in Japanese: a region's label ends with its country's code. */
export const regionName = (label: string, language: AppLanguage): string => {
  const match = /^(.*), ([A-Z]{2})$/.exec(label);
  if (match === null || language !== 'ja') return label;
  const country = countryByCode(match[2]!);
  return country === undefined ? label : `${match[1]}, ${country.nameJa}`;
};
