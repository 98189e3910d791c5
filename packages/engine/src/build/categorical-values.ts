import { normaliseGender } from '@murmur/core/targeting';
import type { CategoricalField } from '../index/fields';
import type { AccountRecord } from '../parse/records';

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
const joined = (...parts: string[]): string => (parts.every(Boolean) ? parts.join(', ') : '');

/**
 * An account's value for each single-valued field, as the index stores it ('' for none). Places
 * are keyed like the sandbox's location catalogue names them ("Chiba, JP"; cities with their region:
 * "Chiba, Chiba, JP"), so a catalogue entry finds its term by name.
 */
export function categoricalValue(field: CategoricalField, r: AccountRecord): string {
  const cc = text(r.country).toUpperCase();
  switch (field) {
    case 'language':
      return text(r.lang).toLowerCase();
    case 'operator':
      return text(r.operator);
    case 'country':
      return cc;
    case 'region':
      return joined(text(r.region), cc);
    case 'metro':
      return joined(text(r.metro), cc);
    case 'city':
      return text(r.region) ? joined(text(r.city), text(r.region), cc) : joined(text(r.city), cc);
    case 'ageBand':
      return text(r.age);
    case 'gender': {
      // SPEC §3: MALE / FEMALE; the export's "male"/"female" normalise, "unknown" becomes ANY = none.
      const g = normaliseGender(r.gender);
      return g === 'ANY' ? '' : g;
    }
    case 'device':
      return text(r.device);
    case 'job':
      return text(r.job);
    case 'jobCategory':
      return text(r.jobCategory);
    case 'kind':
      return text(r.kind);
  }
}
