import type { CatalogueItem, CatalogueKind } from '../export';
import { CONVERSATION_TOPICS } from './conversation-topics';
import { INTERESTS } from './interests';
import { LANGUAGES } from './languages';
import { CITIES, COUNTRIES, METROS, REGIONS } from './locations';
import { MOVIES_TV_SHOWS } from './movies-tv';
import { NETWORK_OPERATORS } from './network-operators';
import { PLATFORMS } from './platforms';

/**
 * The catalogues in the wire shape of X Ads API v12 `GET targeting_criteria/<kind>` items, so the
 * Ads API routes (a later session) only paginate and filter these lists.
 */
export interface TargetingCriterion extends CatalogueItem {
  targeting_type: string;
}

function locations(): TargetingCriterion[] {
  const countryCode = (index: number): string => COUNTRIES[index]?.code ?? '';
  return [
    ...COUNTRIES.filter((c) => c.targetable).map((c) => ({
      name: c.name,
      country_code: c.code,
      location_type: 'COUNTRIES',
      targeting_type: 'LOCATION',
      targeting_value: c.targetingValue,
    })),
    ...REGIONS.filter((r) => COUNTRIES[r.country]?.targetable).map((r) => ({
      name: `${r.name}, ${countryCode(r.country)}`,
      country_code: countryCode(r.country),
      location_type: 'REGIONS',
      targeting_type: 'LOCATION',
      targeting_value: r.targetingValue,
    })),
    ...METROS.map((m) => ({
      name: `${m.name}, ${countryCode(m.country)}`,
      country_code: countryCode(m.country),
      location_type: 'METROS',
      targeting_type: 'LOCATION',
      targeting_value: m.targetingValue,
    })),
    ...CITIES.filter((c) => COUNTRIES[c.country]?.targetable).map((c) => ({
      name: `${c.name}, ${REGIONS[c.region]?.name ?? ''}, ${countryCode(c.country)}`,
      country_code: countryCode(c.country),
      location_type: 'CITIES',
      targeting_type: 'LOCATION',
      targeting_value: c.targetingValue,
    })),
  ];
}

const BUILDERS: Readonly<Record<CatalogueKind, () => TargetingCriterion[]>> = {
  interests: () =>
    INTERESTS.map((i) => ({ name: i.name, targeting_type: 'INTEREST', targeting_value: i.targetingValue })),
  conversations: () =>
    CONVERSATION_TOPICS.map((t) => ({
      name: t.name,
      conversation_type: t.conversationType,
      targeting_type: 'CONVERSATION',
      targeting_value: t.targetingValue,
    })),
  movies_and_tv_shows: () =>
    MOVIES_TV_SHOWS.map((m) => ({
      name: m.name,
      genre: m.genre,
      locale: m.locale,
      targeting_type: 'MOVIES_AND_TV_SHOWS',
      targeting_value: m.targetingValue,
    })),
  languages: () =>
    LANGUAGES.map((l) => ({ name: l.name, targeting_type: 'LANGUAGE', targeting_value: l.code })),
  network_operators: () =>
    NETWORK_OPERATORS.map((o) => ({
      name: o.name,
      country_code: o.countryCode,
      targeting_type: 'NETWORK_OPERATOR',
      targeting_value: o.targetingValue,
    })),
  locations,
  platforms: () =>
    PLATFORMS.map((p) => ({ name: p.name, targeting_type: 'PLATFORM', targeting_value: p.targetingValue })),
};

const cache = new Map<CatalogueKind, readonly TargetingCriterion[]>();

export function targetingCriteria(kind: CatalogueKind): readonly TargetingCriterion[] {
  let list = cache.get(kind);
  if (!list) {
    list = BUILDERS[kind]();
    cache.set(kind, list);
  }
  return list;
}
