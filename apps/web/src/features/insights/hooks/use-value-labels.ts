import { countryByCode, normaliseCountry } from '@murmur/core/countries';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { catalogueNames } from '@/lib/catalogue-names';
import type { AppLanguage } from '@/lib/i18n';
import { languageName } from '@/lib/locale-names';
import type { Share } from '../types';

type Labeller = (share: Pick<Share, 'key' | 'label'>) => string;

export interface ValueLabels {
  country: Labeller;
  countryName: (code: string) => string | undefined;
  /** A country given by name or code ("Japan", "JP"), in the interface language. */
  countryText: (text: string) => string;
  gender: Labeller;
  language: Labeller;
  age: Labeller;
  device: Labeller;
  /** "Kanto, JP" → "Kanto, 日本" in Japanese. */
  region: Labeller;
  /** Catalogue values by their catalogue names (core's Japanese names in Japanese). */
  interest: Labeller;
  topic: Labeller;
  movie: Labeller;
  /** Job titles by key ("software-engineer"), job categories by name ("IT/Tech"). */
  jobTitle: Labeller;
  jobCategory: Labeller;
}

const GENDER = {
  male: 'insights.values.male',
  female: 'insights.values.female',
  unknown: 'insights.values.unknown',
} as const;
const DEVICE = {
  ios: 'insights.values.ios',
  android: 'insights.values.android',
  'mobile-web': 'insights.values.mobileWeb',
  desktop: 'insights.values.desktop',
} as const;

const has = <T extends object>(map: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(map, key);

export const valueLabels = (t: TFunction, language: AppLanguage): ValueLabels => {
  const countryName = (code: string) => {
    const country = countryByCode(code.toUpperCase());
    return country === undefined ? undefined : language === 'ja' ? country.nameJa : country.name;
  };
  const names = catalogueNames(language);
  return {
    countryName,
    countryText: (text) => countryName(normaliseCountry(text)?.code ?? text) ?? text,
    country: (s) => countryName(s.key) ?? s.label,
    gender: (s) => {
      // The export's genders are upper case (MALE); the sandbox's lower case.
      const key = s.key.toLowerCase();
      return has(GENDER, key) ? t(GENDER[key]) : s.label;
    },
    language: (s) => languageName(s.key, s.label, language),
    age: (s) => {
      const over = /^AGE_OVER_(\d+)$/.exec(s.key);
      if (over) return t('insights.values.ageOver', { age: over[1] });
      const band = /^(\d+)-(\d+)$/.exec(s.key);
      if (band) return t('insights.values.ageBand', { from: band[1], to: band[2] });
      const open = /^(\d+)\+$/.exec(s.key);
      return open ? t('insights.values.ageOver', { age: open[1] }) : s.label;
    },
    device: (s) => (has(DEVICE, s.key) ? t(DEVICE[s.key]) : s.label),
    region: (s) => {
      const match = /^(.*), ([A-Z]{2})$/.exec(s.label);
      const country = match ? countryName(match[2]!) : undefined;
      return match && country !== undefined && language === 'ja' ? `${match[1]}, ${country}` : s.label;
    },
    interest: (s) => names.name('interests', s.label),
    topic: (s) => names.name('conversations', s.label),
    movie: (s) => names.name('movies_and_tv_shows', s.label),
    jobTitle: (s) => names.jobTitle(s.key, s.label),
    jobCategory: (s) => names.name('job_categories', s.label),
  };
};

/**
 * Value names in the interface language where we know them (countries, genders, ages, devices, and the
 * catalogues: interests, topics, movies/TV, job titles and categories).
 */
export const useValueLabels = (): ValueLabels => {
  const { t } = useTranslation();
  const language = useLanguage();
  return useMemo(() => valueLabels(t, language), [t, language]);
};
