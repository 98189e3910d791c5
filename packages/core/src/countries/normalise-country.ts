import { COUNTRY_ALIASES } from './aliases';
import { COUNTRIES, countryByCode } from './countries';
import { countryKey } from './country-key';

const BY_KEY = new Map<string, string>();
for (const country of COUNTRIES) {
  BY_KEY.set(countryKey(country.name), country.code);
  BY_KEY.set(countryKey(country.nameJa), country.code);
}

/**
 * SPEC §5: the country meant by a code ("jp"), a name in English or Japanese ("Japan", "日本") or an
 * alias ("usa", "Holland", "Viet Nam"), ignoring case, diacritics, punctuation and whitespace.
 */
export function normaliseCountry(input: string): { code: string; name: string } | undefined {
  const key = countryKey(input);
  if (!key) return undefined;
  const code =
    /^[a-z]{2}$/.test(key) && countryByCode(key)
      ? key.toUpperCase()
      : (BY_KEY.get(key) ?? COUNTRY_ALIASES[key]);
  const country = code === undefined ? undefined : countryByCode(code);
  return country && { code: country.code, name: country.name };
}
