import type { AudienceIndex } from '../postings/audience-index';
import type { CatalogueKind } from '@murmur/core/export';
import type { Field } from '../postings/fields';
import { resolveLabel } from '../evaluate/resolve-labels';
import { resolveLocation } from '../evaluate/resolve-location';

/** The catalogues the explore tools list (platforms are devices, not a targeting catalogue). */
export type ExploreCatalogueKind = Exclude<CatalogueKind, 'platforms'>;

/** One catalogue entry with the number of indexed accounts carrying it. */
export interface CatalogueEntry {
  /** X targeting value ("24001", "ja", a location's 16-hex value). */
  value: string;
  name: string;
  /**
   * Interests: the part before "/"; conversation topics: their conversation type; movies/TV: their
   * genre; network operators and locations: the country code; languages: null.
   */
  category: string | null;
  /** Locations only: COUNTRIES, REGIONS, METROS or CITIES. */
  locationType: string | null;
  countryCode: string | null;
  /** Indexed accounts carrying it (multiply by the scale for a population estimate). */
  accounts: number;
}

const FIELD_OF: Readonly<Record<Exclude<ExploreCatalogueKind, 'locations'>, Field>> = {
  interests: 'interest',
  conversations: 'topic',
  movies_and_tv_shows: 'movie',
  languages: 'language',
  network_operators: 'operator',
};

const text = (item: object, key: string): string | null => {
  const value = (item as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

function categoryOf(kind: ExploreCatalogueKind, item: { name: string }): string | null {
  switch (kind) {
    case 'interests':
      return item.name.includes('/') ? item.name.slice(0, item.name.indexOf('/')) : null;
    case 'conversations':
      return text(item, 'conversation_type');
    case 'movies_and_tv_shows':
      return text(item, 'genre');
    case 'network_operators':
    case 'locations':
      return text(item, 'country_code');
    case 'languages':
      return null;
  }
}

/**
 * Every entry of a catalogue with its account count, in catalogue order. Counts go through the same
 * resolution as evaluation (resolveLabel / resolveLocation), so an entry's size is exactly what a
 * package holding only that entry estimates. Distinct terms are summed: a location resolves to one.
 */
export function catalogueEntries(index: AudienceIndex, kind: ExploreCatalogueKind): CatalogueEntry[] {
  const out: CatalogueEntry[] = [];
  for (const [value, item] of index.catalogue.entries(kind)) {
    const item_ = { label: item.name, id: value };
    const terms =
      kind === 'locations'
        ? resolveLocation(index, item_)
        : resolveLabel(index, FIELD_OF[kind], kind, { label: value, id: value });
    const accounts = [...new Set(terms)].reduce((sum, t) => sum + index.postings.count(t), 0);
    out.push({
      value,
      name: item.name,
      category: categoryOf(kind, item),
      locationType: item.location_type ?? null,
      countryCode: item.country_code ?? null,
      accounts,
    });
  }
  return out;
}
