import { countryByCode } from '@murmur/core/countries';
import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';

/**
 * Which interest categories of the catalogue make up each audience category (the seeded names of
 * migration 0001). Categories not listed here are matched by their words ("Travel" → "Travel").
 */
const INTEREST_WORDS: Readonly<Record<string, readonly string[]>> = {
  'beauty & fashion': ['beauty', 'fashion'],
  'business & finance': ['business', 'careers', 'finance'],
  entertainment: ['movies', 'television', 'music', 'events'],
  'health & fitness': ['health'],
  'news & politics': ['politics', 'society'],
  'science & education': ['science', 'education'],
};

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);

/** The catalogue's interest categories ("Science", "Technology and computing") an audience category covers. */
export function interestCategoriesFor(categoryName: string, interestCategories: readonly string[]): string[] {
  const wanted =
    INTEREST_WORDS[categoryName.toLowerCase()] ?? words(categoryName).filter((w) => w.length > 2);
  return interestCategories.filter((name) => words(name).some((w) => wanted.includes(w)));
}

/** The store audience's package: every interest of the categories (bare categories), in the region's countries. */
export function storePackage(
  interestCategories: readonly string[],
  countryCodes: readonly string[],
): TargetingPackage {
  return targetingPackageSchema.parse({
    interests: interestCategories.map((label) => ({ label })),
    countries: countryCodes.map((code) => ({ label: countryByCode(code)?.name ?? code, id: code })),
  });
}
