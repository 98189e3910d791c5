import { normaliseCountry } from '@murmur/core/countries';
import type { LabelItem } from '@murmur/core/targeting';
import type { AudienceIndex } from '../postings/audience-index';
import type { Field } from '../postings/fields';

const PLACE_FIELDS: readonly Field[] = ['region', 'metro', 'city'];
const TYPE_FIELD: Readonly<Record<string, Field>> = { REGIONS: 'region', METROS: 'metro', CITIES: 'city' };
const lower = (s: string): string => s.trim().toLowerCase();

function countryTerm(index: AudienceIndex, text: string): number[] {
  const code = normaliseCountry(text)?.code;
  const t = code === undefined ? undefined : index.terms.find('country', code);
  return t === undefined ? [] : [t];
}

/** SPEC §3 countries: an ISO code or a name in English or Japanese, through core's alias table (SPEC §5). */
export function resolveCountry(index: AudienceIndex, item: LabelItem): number[] {
  const byId = item.id === undefined ? [] : countryTerm(index, String(item.id));
  return byId.length > 0 ? byId : countryTerm(index, item.label);
}

/**
 * SPEC §3 locations: a location-catalogue targeting value (country, region, US metro or city), a
 * catalogue name ("Chiba, JP", "Seattle WA, US"), a country, or a bare place name ("Chiba"), which
 * matches every region, metro and city so named.
 */
export function resolveLocation(index: AudienceIndex, item: LabelItem): number[] {
  const { terms, catalogue } = index;
  const entries = [
    ...(item.id === undefined ? [] : [catalogue.item('locations', String(item.id))]),
    ...catalogue.valuesNamed('locations', item.label).map((v) => catalogue.item('locations', v)),
  ];
  const out: number[] = [];
  for (const entry of entries) {
    if (!entry) continue;
    const field = TYPE_FIELD[entry.location_type ?? ''];
    const t = field ? terms.find(field, entry.name) : undefined;
    if (t !== undefined) out.push(t);
    else if (entry.location_type === 'COUNTRIES')
      out.push(...countryTerm(index, entry.country_code ?? entry.name));
  }
  if (out.length > 0) return out;
  const label = lower(item.label);
  for (const field of PLACE_FIELDS) {
    for (const [value, t] of terms.entriesOf(field)) {
      const key = lower(value);
      if (key === label || key.split(', ')[0] === label) out.push(t);
    }
  }
  return out.length > 0 ? out : resolveCountry(index, item);
}
