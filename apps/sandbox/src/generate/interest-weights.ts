import { INTEREST_CATEGORIES, type InterestCategoryKey } from '@murmur/core/x-catalogue';
import { INTERESTS_BY_CATEGORY, INTERESTS } from '@murmur/core/x-catalogue';
import { COUNTRIES } from '@murmur/core/x-catalogue';
import { AliasTable } from '../random/alias';

/**
 * Interest tastes differ by country: Japanese accounts lean to anime and baseball, Indian ones to
 * cricket, Korean ones to K-pop. These factors multiply the catalogue's base weights.
 */
// prettier-ignore
const CATEGORY_BOOST: Readonly<Record<string, Partial<Record<InterestCategoryKey, number>>>> = {
  JP: { gaming: 1.6, hobbies: 1.8, politics: 0.6 }, KR: { music: 1.8, 'movies-tv': 1.3 },
  US: { politics: 1.3 }, BR: { sports: 1.3, music: 1.2 }, AR: { sports: 1.4 }, MX: { sports: 1.2, music: 1.2 },
  ES: { sports: 1.3 }, TR: { sports: 1.4, politics: 1.2 }, GB: { sports: 1.3 }, SA: { sports: 1.3, society: 1.5 },
  EG: { sports: 1.3, society: 1.4 }, AE: { business: 1.3, travel: 1.3 }, KW: { society: 1.3 },
  IN: { sports: 1.3, technology: 1.3, education: 1.3 }, PK: { sports: 1.4, politics: 1.2 },
  NG: { music: 1.3, finance: 1.3, politics: 1.2 }, ID: { gaming: 1.3, music: 1.2, 'movies-tv': 1.2 },
  PH: { gaming: 1.2, music: 1.3, 'movies-tv': 1.3 }, FR: { politics: 1.2 }, DE: { technology: 1.1 },
};

/** Subcategory factors where the country is not listed: niche sports and scenes are local. */
// prettier-ignore
const SUB_DEFAULT: Readonly<Record<string, number>> = {
  'sports/cricket': 0.1, 'sports/american-football': 0.1, 'sports/baseball': 0.3, 'music/j-pop': 0.2,
  'music/latin-music': 0.3, 'music/k-pop': 0.7,
};

// prettier-ignore
const SUB_BOOST: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  US: { 'sports/american-football': 6, 'sports/basketball': 3, 'sports/baseball': 2, 'sports/soccer': 0.4 },
  CA: { 'sports/american-football': 2, 'sports/basketball': 2, 'sports/baseball': 1.5 },
  JP: { 'sports/baseball': 4, 'music/j-pop': 5, 'hobbies/anime-and-manga': 2 },
  KR: { 'sports/baseball': 3, 'music/k-pop': 4 }, PH: { 'sports/basketball': 4, 'music/k-pop': 1.5 },
  IN: { 'sports/cricket': 8 }, PK: { 'sports/cricket': 8 }, AU: { 'sports/cricket': 3 }, GB: { 'sports/cricket': 1.5 },
  ZA: { 'sports/cricket': 2 }, MX: { 'music/latin-music': 4, 'sports/baseball': 0.8 }, ES: { 'music/latin-music': 2 },
  AR: { 'music/latin-music': 3 }, CO: { 'music/latin-music': 4 }, CL: { 'music/latin-music': 3 },
  PE: { 'music/latin-music': 3 }, VE: { 'music/latin-music': 3, 'sports/baseball': 2 }, ID: { 'music/k-pop': 2 },
};

export interface CountryTastes {
  categoryWeights: Float64Array;
  /** Per category index: alias over its interests, items are interest indices. */
  subcategories: AliasTable[];
}

const cache = new Map<number, CountryTastes>();

export function tastesOf(country: number): CountryTastes {
  const cached = cache.get(country);
  if (cached) return cached;
  const code = COUNTRIES[country]!.code;
  const boost = CATEGORY_BOOST[code] ?? {};
  const subBoost = SUB_BOOST[code] ?? {};
  const tastes: CountryTastes = {
    categoryWeights: Float64Array.from(INTEREST_CATEGORIES, (c) => c.weight * (boost[c.key] ?? 1)),
    subcategories: INTERESTS_BY_CATEGORY.map((members) => {
      const weights = members.map((i) => {
        const interest = INTERESTS[i]!;
        return interest.weight * (subBoost[interest.key] ?? SUB_DEFAULT[interest.key] ?? 1);
      });
      return new AliasTable(weights, Uint32Array.from(members));
    }),
  };
  cache.set(country, tastes);
  return tastes;
}
