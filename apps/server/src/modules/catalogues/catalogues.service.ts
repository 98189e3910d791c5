import type { CatalogueEntry, JobTitles, Location, LocationType, TargetingCountry } from '@murmur/core/api';
import { COUNTRIES } from '@murmur/core/countries';
import { populationEstimate } from '@murmur/core/sampling';
import type { ExploreCatalogueKind } from '@murmur/engine';
import { JOB_CATEGORIES } from '@murmur/core/x-catalogue';
import type { EngineHolder } from '../../engine/engine-holder';
import type { SearchCounter } from '../../lib/search-counter';
import { rankMatches } from './match';

export type CataloguesService = ReturnType<typeof createCataloguesService>;

const TARGETING_COUNTRIES: TargetingCountry[] = COUNTRIES.map((c) => ({
  code: c.code,
  name: c.name,
  name_ja: c.nameJa,
  selectable: c.selectable,
  ...(c.info !== undefined && { info: c.info }),
}));

/** The catalogues with a `{keywords}` search (SPEC §7), by their API name. */
export const SEARCHABLE = {
  interests: 'interests',
  conversation_topics: 'conversations',
  movies_tv_shows: 'movies_and_tv_shows',
  network_operators: 'network_operators',
} as const satisfies Record<string, ExploreCatalogueKind>;
export type SearchableCatalogue = keyof typeof SEARCHABLE;

/** At most this many search results (docs/API-AUDIENCES.md). */
const SEARCH_LIMIT = 50;

const LOCATION_TYPES: Readonly<Record<string, LocationType>> = {
  COUNTRIES: 'country',
  REGIONS: 'region',
  METROS: 'metro',
  CITIES: 'city',
};

/**
 * The targeting catalogues (X's, as the sandbox exports them) with sizes from the engine: an entry's
 * size is the population estimate of the accounts carrying it (postings × scale), which is what a
 * package holding only that entry estimates.
 */
export function createCataloguesService(deps: { engine: EngineHolder; searches: SearchCounter }) {
  const { engine, searches } = deps;

  function items(kind: ExploreCatalogueKind): CatalogueEntry[] {
    const e = engine.get();
    return e.explore.catalogue(kind).map((entry) => ({
      value: entry.value,
      label: entry.name,
      category: entry.category,
      size: Math.round(entry.accounts * e.scale),
      // The accounts carrying it, counted in the engine's sample: an estimate with its interval.
      size_figure: populationEstimate(entry.accounts, { sampleSize: e.stats.accounts, rate: e.scale }),
    }));
  }

  return {
    list: items,

    networkOperators(country: string | undefined): CatalogueEntry[] {
      const all = items('network_operators');
      return country ? all.filter((o) => o.category === country) : all;
    },

    /** Best matches first (matchScore), then the largest. */
    search(catalogue: SearchableCatalogue, keywords: string): CatalogueEntry[] {
      const found = rankMatches(items(SEARCHABLE[catalogue]), keywords, SEARCH_LIMIT);
      searches.recordText(keywords);
      return found;
    },

    locations(query: { q?: string | undefined; type?: LocationType | undefined; limit: number }): Location[] {
      const e = engine.get();
      const all: Location[] = e.explore.catalogue('locations').flatMap((entry) => {
        const type = LOCATION_TYPES[entry.locationType ?? ''];
        if (!type || (query.type && type !== query.type)) return [];
        return [
          {
            value: entry.value,
            label: entry.name,
            type,
            country_code: entry.countryCode ?? '',
            size: Math.round(entry.accounts * e.scale),
            size_figure: populationEstimate(entry.accounts, { sampleSize: e.stats.accounts, rate: e.scale }),
          },
        ];
      });
      if (query.q) return rankMatches(all, query.q, query.limit);
      return all.sort((a, b) => b.size - a.size).slice(0, query.limit);
    },

    /** SPEC §3's job-title tree, in English (the sandbox's catalogue holds the tree and its translations). */
    /** SPEC §4: the country list (the DPRK listed, unselectable, with its info); no engine needed. */
    targetingCountries(): TargetingCountry[] {
      return TARGETING_COUNTRIES;
    },

    jobTitles(): JobTitles {
      return {
        categories: JOB_CATEGORIES.map((c) => ({ name: c.name, titles: c.titles.map((t) => t.text.en) })),
      };
    },
  };
}
