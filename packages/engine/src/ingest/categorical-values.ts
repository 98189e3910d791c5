import { normaliseGender } from '@murmur/core/targeting';
import type { CategoricalField } from '../postings/fields';
import type { AccountRecord } from '../parse/records';

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
const joined = (...parts: string[]): string => (parts.every(Boolean) ? parts.join(', ') : '');

/**
 * An account's value for each single-valued field, as the index stores it ('' for none), in
 * CATEGORICAL_FIELDS order. Places are keyed like the sandbox's location catalogue names them
 * ("Chiba, JP"; cities with their region: "Chiba, Chiba, JP"), so a catalogue entry finds its term
 * by name. Shared parts (country code, region) are read once per account.
 */
export function categoricalValues(r: AccountRecord): Record<CategoricalField, string> {
  const cc = text(r.country).toUpperCase();
  const region = text(r.region);
  const city = text(r.city);
  // SPEC §3: MALE / FEMALE; the export's "male"/"female" normalise, "unknown" becomes ANY = none.
  const gender = normaliseGender(r.gender);
  return {
    language: text(r.lang).toLowerCase(),
    operator: text(r.operator),
    country: cc,
    region: joined(region, cc),
    metro: joined(text(r.metro), cc),
    city: region ? joined(city, region, cc) : joined(city, cc),
    ageBand: text(r.age),
    gender: gender === 'ANY' ? '' : gender,
    device: text(r.device),
    job: text(r.job),
    jobCategory: text(r.jobCategory),
    kind: text(r.kind),
  };
}
