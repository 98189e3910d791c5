import { countryByCode, normaliseCountry } from '@murmur/core/countries';
import type { Difference as AudienceDifference } from '@murmur/core/insights';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { useCatalogueNames } from '@/lib/catalogue-names';

const LANGUAGE_CODES = [
  'ja',
  'en',
  'ko',
  'zh',
  'es',
  'pt',
  'fr',
  'de',
  'it',
  'ru',
  'ar',
  'hi',
  'id',
  'th',
  'tr',
  'vi',
];
const ENGLISH_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });
const JAPANESE_NAMES = new Intl.DisplayNames(['ja'], { type: 'language' });

/** A trait's value in the interface language where we know it (gender, interests, countries, languages). */
export const useTraitLabel = () => {
  const language = useLanguage();
  const { t } = useTranslation();
  const names = useCatalogueNames();
  return (row: AudienceDifference): string => {
    if (row.dimension === 'gender') {
      const gender = row.key.toUpperCase();
      if (gender === 'MALE' || gender === 'FEMALE') return t(`creator.gender.${gender}`);
    }
    if (row.dimension === 'interests') return names.name('interests', row.label);
    if (language !== 'ja') return row.label;
    if (row.dimension === 'countries') {
      const code = normaliseCountry(row.key)?.code ?? normaliseCountry(row.label)?.code;
      return (code === undefined ? undefined : countryByCode(code)?.nameJa) ?? row.label;
    }
    if (row.dimension === 'languages') {
      // The key is a language code, or the language's English name.
      const code = /^[a-z]{2,3}$/i.test(row.key)
        ? row.key
        : LANGUAGE_CODES.find((candidate) => ENGLISH_NAMES.of(candidate) === row.label);
      return code === undefined ? row.label : (JAPANESE_NAMES.of(code) ?? row.label);
    }
    return row.label;
  };
};
