import type { AudienceRegion } from '@murmur/core/api';

/**
 * SPEC §3 audience regions: the store's geography and a filter of saved audiences. Ids are fixed, as
 * clients keep them in links. A region without country codes (Global) does not restrict location.
 */
export const AUDIENCE_REGIONS: readonly AudienceRegion[] = [
  { id: 1, name: 'Global', is_single_country: false, country_codes: [] },
  { id: 2, name: 'United States', is_single_country: true, country_codes: ['US'] },
  { id: 3, name: 'United Kingdom', is_single_country: true, country_codes: ['GB'] },
  { id: 4, name: 'Japan', is_single_country: true, country_codes: ['JP'] },
  {
    id: 5,
    name: 'Europe',
    is_single_country: false,
    country_codes: [
      'AT',
      'BE',
      'CH',
      'DE',
      'DK',
      'ES',
      'FI',
      'FR',
      'GB',
      'IE',
      'IT',
      'NL',
      'NO',
      'PL',
      'PT',
      'SE',
    ],
  },
  {
    id: 6,
    name: 'Asia-Pacific',
    is_single_country: false,
    country_codes: ['AU', 'HK', 'ID', 'IN', 'JP', 'KR', 'MY', 'NZ', 'PH', 'PK', 'SG', 'TH', 'TW', 'VN'],
  },
  {
    id: 7,
    name: 'Latin America',
    is_single_country: false,
    country_codes: ['AR', 'BR', 'CL', 'CO', 'MX', 'PE', 'VE'],
  },
  {
    id: 8,
    name: 'Middle East and Africa',
    is_single_country: false,
    country_codes: ['AE', 'EG', 'KW', 'MA', 'NG', 'SA', 'TR', 'ZA'],
  },
];

const fold = (s: string) => s.trim().toLowerCase();

/** A region by id ("4") or name ("japan"), case-insensitive. */
export function findRegion(ref: string): AudienceRegion | undefined {
  return AUDIENCE_REGIONS.find((r) => String(r.id) === ref.trim() || fold(r.name) === fold(ref));
}
