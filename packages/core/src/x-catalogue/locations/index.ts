import { hex64 } from '../../hash';
import { LANGUAGE_CODES } from '../languages';
import { AMERICAS } from './americas';
import { ASIA_PACIFIC } from './asia-pacific';
import { EUROPE } from './europe';
import { MIDDLE_EAST_AFRICA } from './middle-east-africa';
import type { CountrySpec, LanguageMix, RegionSpec } from './types';

/**
 * The location catalogue, flattened into indexable arrays: accounts store a country, region and city
 * index; X's location targeting lists COUNTRIES, REGIONS, METROS (US) and CITIES with opaque 16-hex
 * targeting values, which we derive from the names so they never change between runs.
 */
export interface Country {
  index: number;
  code: string;
  name: string;
  localName: string;
  /** X users in millions; 0 means listed for targeting but not populated. */
  audience: number;
  targetable: boolean;
  targetingValue: string;
  regions: readonly number[];
}

export interface Region {
  index: number;
  country: number;
  name: string;
  localName: string;
  weight: number;
  utcOffset: number;
  /** Language weights in LANGUAGE_CODES order. */
  languageWeights: readonly number[];
  targetingValue: string;
  cities: readonly number[];
}

export interface City {
  index: number;
  region: number;
  country: number;
  name: string;
  localName: string;
  /** Bigger cities first: the first city of a region holds the largest share. */
  weight: number;
  /** Index in METROS, or -1 outside the US. */
  metro: number;
  targetingValue: string;
}

export interface Metro {
  index: number;
  country: number;
  name: string;
  targetingValue: string;
}

const split = (spec: string): [string, string] => {
  const [name = spec, local = name] = spec.split('|');
  return [name, local];
};

const languageWeights = (mix: LanguageMix): number[] => LANGUAGE_CODES.map((code) => mix[code] ?? 0);

export const COUNTRIES: Country[] = [];
export const REGIONS: Region[] = [];
export const CITIES: City[] = [];
export const METROS: Metro[] = [];

function addRegion(country: Country, spec: CountrySpec, r: RegionSpec): void {
  const [name, localName] = split(r.name);
  const region: Region = {
    index: REGIONS.length,
    country: country.index,
    name,
    localName,
    weight: r.weight,
    utcOffset: r.utcOffset,
    languageWeights: languageWeights(r.languages ?? spec.languages),
    targetingValue: hex64(`region:${spec.code}:${name}`),
    cities: [],
  };
  REGIONS.push(region);
  (country.regions as number[]).push(region.index);
  r.cities.forEach((citySpec, rank) => {
    const [cityName, cityLocal] = split(citySpec);
    let metro = -1;
    if (r.abbr) {
      metro = METROS.length;
      const metroName = `${cityName} ${r.abbr}`;
      METROS.push({
        index: metro,
        country: country.index,
        name: metroName,
        targetingValue: hex64(`metro:${metroName}`),
      });
    }
    const city: City = {
      index: CITIES.length,
      region: region.index,
      country: country.index,
      name: cityName,
      localName: cityLocal,
      weight: 1 / Math.pow(rank + 1, 1.2),
      metro,
      targetingValue: hex64(`city:${spec.code}:${name}:${cityName}`),
    };
    CITIES.push(city);
    (region.cities as number[]).push(city.index);
  });
}

for (const spec of [...AMERICAS, ...EUROPE, ...ASIA_PACIFIC, ...MIDDLE_EAST_AFRICA]) {
  const [name, localName] = split(spec.name);
  const country: Country = {
    index: COUNTRIES.length,
    code: spec.code,
    name,
    localName,
    audience: spec.audience,
    targetable: spec.targetable ?? true,
    targetingValue: hex64(`country:${spec.code}`),
    regions: [],
  };
  COUNTRIES.push(country);
  for (const r of spec.regions) addRegion(country, spec, r);
}

/** Countries the sandbox population lives in, with their X audience as sampling weight. */
export const POPULATED_COUNTRIES: readonly Country[] = COUNTRIES.filter((c) => c.audience > 0);

export function countryByCode(code: string): Country {
  const found = COUNTRIES.find((c) => c.code === code);
  if (!found) throw new Error(`Unknown country ${code}`);
  return found;
}
