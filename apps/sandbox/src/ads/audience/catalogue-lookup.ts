import { AGE_BANDS as CORE_AGE_BANDS, AGES } from '@murmur/core/targeting';
import { CONVERSATION_TOPICS } from '@murmur/core/x-catalogue';
import { INTERESTS } from '@murmur/core/x-catalogue';
import { LANGUAGES } from '@murmur/core/x-catalogue';
import { CITIES, COUNTRIES, METROS, REGIONS } from '@murmur/core/x-catalogue';
import { MOVIES_TV_SHOWS } from '@murmur/core/x-catalogue';
import { NETWORK_OPERATORS } from '@murmur/core/x-catalogue';
import { PLATFORMS } from '@murmur/core/x-catalogue';
import { AGE_BANDS } from '../../model/accounts';

/** A catalogue entry found by its targeting value: its position in the catalogue and display name. */
export interface Entry {
  index: number;
  name: string;
}

const byValue = <T extends { targetingValue: string; name: string }>(
  items: readonly T[],
): Map<string, Entry> =>
  new Map(items.map((item, index) => [item.targetingValue, { index, name: item.name }]));

export const INTEREST_BY_VALUE = byValue(INTERESTS);
export const TOPIC_BY_VALUE = byValue(CONVERSATION_TOPICS);
export const TITLE_BY_VALUE = byValue(MOVIES_TV_SHOWS);
export const OPERATOR_BY_VALUE = byValue(NETWORK_OPERATORS);
export const PLATFORM_BY_VALUE = byValue(PLATFORMS);
export const LANGUAGE_BY_VALUE: ReadonlyMap<string, Entry> = new Map(
  LANGUAGES.map((l, index) => [l.code, { index, name: l.name }]),
);

export type LocationLevel = 'COUNTRIES' | 'REGIONS' | 'METROS' | 'CITIES';
export interface LocationEntry extends Entry {
  level: LocationLevel;
}

function locationIndex(): Map<string, LocationEntry> {
  const map = new Map<string, LocationEntry>();
  const code = (country: number): string => COUNTRIES[country]!.code;
  const targetable = (country: number): boolean => COUNTRIES[country]!.targetable;
  for (const c of COUNTRIES)
    if (c.targetable) map.set(c.targetingValue, { index: c.index, name: c.name, level: 'COUNTRIES' });
  for (const r of REGIONS)
    if (targetable(r.country))
      map.set(r.targetingValue, { index: r.index, name: `${r.name}, ${code(r.country)}`, level: 'REGIONS' });
  for (const m of METROS)
    map.set(m.targetingValue, { index: m.index, name: `${m.name}, ${code(m.country)}`, level: 'METROS' });
  for (const c of CITIES)
    if (targetable(c.country))
      map.set(c.targetingValue, { index: c.index, name: `${c.name}, ${code(c.country)}`, level: 'CITIES' });
  return map;
}

export const LOCATION_BY_VALUE = locationIndex();

/** Lower and upper edge (inclusive) of each stored age band; index 0 is "unknown". */
const BAND_EDGES: readonly (readonly [number, number])[] = AGE_BANDS.map((band) => {
  const [lo = '0', hi = '999'] = band.replace('+', '-999').split('-');
  return [Number(lo), Number(hi)] as const;
});

/**
 * X's age values (AGE_OVER_18, AGE_18_TO_34…, SPEC §3) → which stored bands they cover. The band
 * edges were chosen so that every range is a union of whole bands; unknown ages never match.
 */
function ageIndex(): Map<string, { name: string; bands: Uint8Array }> {
  const map = new Map<string, { name: string; bands: Uint8Array }>();
  const add = (value: string, name: string, lo: number, hi: number): void => {
    const bands = Uint8Array.from(BAND_EDGES, ([a, b], k) => (k > 0 && a >= lo && b <= hi ? 1 : 0));
    map.set(value, { name, bands });
  };
  for (const age of AGES) {
    const over = /^AGE_OVER_(\d+)$/.exec(age);
    if (over) add(age, `${over[1]}+`, Number(over[1]), 999);
  }
  for (const band of CORE_AGE_BANDS) {
    const [lo, hi] = band.split('-').map(Number) as [number, number];
    add(`AGE_${lo}_TO_${hi}`, band, lo, hi);
  }
  return map;
}

export const AGE_BY_VALUE = ageIndex();

/** X's GENDER values: 1 male, 2 female (the stored Gender codes are the same numbers). */
export const GENDER_BY_VALUE = new Map([
  ['1', { index: 1, name: 'Male' }],
  ['2', { index: 2, name: 'Female' }],
]);
