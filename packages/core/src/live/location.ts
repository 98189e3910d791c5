import type { CatalogueItem } from '../export';

/** Where an account is, as the export's account record carries it (null: unknown). */
export interface ResolvedLocation {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  region: string | null;
  city: string | null;
  metro: string | null;
}

export const NO_LOCATION: ResolvedLocation = { country: null, region: null, city: null, metro: null };

/** Most specific first: a city names its region and country, a metro and a region their country. */
const SPECIFICITY: readonly string[] = ['CITIES', 'METROS', 'REGIONS', 'COUNTRIES'];

/**
 * Each catalogue's places by their trimmed, lower-case name: the most specific kind's, and of those
 * the first (a user event resolves its text with one lookup instead of a pass over the catalogue).
 */
const byName = new WeakMap<readonly CatalogueItem[], Map<string, CatalogueItem>>();

function placesByName(locations: readonly CatalogueItem[]): Map<string, CatalogueItem> {
  let map = byName.get(locations);
  if (map) return map;
  map = new Map<string, CatalogueItem>();
  const rank = new Map<string, number>();
  for (const item of locations) {
    const r = SPECIFICITY.indexOf(item.location_type ?? '');
    if (r < 0) continue;
    const key = item.name.trim().toLowerCase();
    if (r >= (rank.get(key) ?? SPECIFICITY.length)) continue;
    map.set(key, item);
    rank.set(key, r);
  }
  byName.set(locations, map);
  return map;
}

/**
 * The one rule that turns the free location text of X's user object into the account's place
 * (issue "live" §6 contract, rule 1): an exact, case-insensitive match of the trimmed text against
 * the `locations` catalogue's names, the most specific kind first. Names are the catalogue's
 * ("Chiba, Chiba, JP", "Seattle WA, US", "Chiba, JP", "Japan"). Text that names nothing resolves to
 * no place. The sandbox writes live-born accounts' location with it and the engine reads it back
 * with it, so both agree (exactness rule).
 */
export function resolveLocationText(text: string, locations: readonly CatalogueItem[]): ResolvedLocation {
  const key = text.trim().toLowerCase();
  if (!key) return NO_LOCATION;
  const best = placesByName(locations).get(key);
  if (!best) return NO_LOCATION;
  const parts = best.name.split(', ');
  const country = (best.country_code ?? parts.at(-1) ?? '').toUpperCase() || null;
  switch (best.location_type ?? '') {
    case 'CITIES':
      // "City, Region, CC" (or "City, CC" where the catalogue names no region).
      return parts.length >= 3
        ? { country, region: parts[1]!, city: parts[0]!, metro: null }
        : { country, region: null, city: parts[0]!, metro: null };
    case 'METROS':
      return { country, region: null, city: null, metro: parts.slice(0, -1).join(', ') || parts[0]! };
    case 'REGIONS':
      return { country, region: parts.slice(0, -1).join(', ') || parts[0]!, city: null, metro: null };
    default:
      return { country, region: null, city: null, metro: null };
  }
}
