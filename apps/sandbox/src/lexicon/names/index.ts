import { asciiFold } from '../index';
import { COUNTRY_NAMES } from './tables';

export { COUNTRY_NAMES } from './tables';

/** One name in its native script, in Latin letters for display, and lowercased ASCII for handles. */
export interface CountryName {
  native: string;
  latin: string;
  roman: string;
}

export interface CountryNames {
  male: readonly CountryName[];
  female: readonly CountryName[];
  family: readonly CountryName[];
}

const parse = (list: string): CountryName[] =>
  list.split('|').map((entry) => {
    const [native = entry, latin = native] = entry.split(':');
    return { native, latin, roman: asciiFold(latin).toLowerCase() };
  });

/** Per country code, its parsed name tables (countries without one use their language's names). */
export const NAMES_BY_COUNTRY: ReadonlyMap<string, CountryNames> = new Map(
  Object.entries(COUNTRY_NAMES).map(([code, source]) => [
    code,
    { male: parse(source.male), female: parse(source.female), family: parse(source.family) },
  ]),
);
