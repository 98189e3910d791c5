import { AGE_BANDS, AGES, type Age, type AgeBand, type Gender } from './enums';

const GENDER_ALIASES: Readonly<Record<string, Gender>> = {
  any: 'ANY',
  male: 'MALE',
  man: 'MALE',
  men: 'MALE',
  female: 'FEMALE',
  woman: 'FEMALE',
  women: 'FEMALE',
  '1': 'MALE',
  '2': 'FEMALE',
};

/**
 * SPEC §3/§5: gender must be in its enumeration. Women and Men are accepted (as are the singular
 * and male/female, in any case); numeric 1 is male and 2 female; anything else is ANY.
 */
export function normaliseGender(value: unknown): Gender {
  if (typeof value !== 'string' && typeof value !== 'number') return 'ANY';
  return GENDER_ALIASES[String(value).trim().toLowerCase()] ?? 'ANY';
}

const isAge = (v: string): v is Age => (AGES as readonly string[]).includes(v);
const isAgeBand = (v: string): v is AgeBand => (AGE_BANDS as readonly string[]).includes(v);

/**
 * SPEC §5: age must be in its enumeration. Accepts the AGE_* values (any case), the bands
 * ("18-34", "18 – 34") and the ads API's band spelling ("AGE_18_TO_34"); anything else is undefined.
 */
export function normaliseAge(value: unknown): Age | AgeBand | undefined {
  if (typeof value !== 'string') return undefined;
  const upper = value.trim().toUpperCase();
  if (isAge(upper)) return upper;
  const band = /^(?:AGE_)?(\d{2})\s*(?:-|–|_TO_)\s*(\d{2})$/.exec(upper);
  const text = band ? `${band[1]}-${band[2]}` : '';
  return isAgeBand(text) ? text : undefined;
}
