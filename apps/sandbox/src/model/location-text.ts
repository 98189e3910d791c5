import { resolveLocationText } from '@murmur/core/live';
import type { AccountTable } from './accounts';
import { CITIES, COUNTRIES, METROS, REGIONS } from '@murmur/core/x-catalogue';
import { targetingCriteria } from '@murmur/core/x-catalogue';

/**
 * How an account's location text is written (AccountTable.locationMode). Catalogue text names a
 * city (never only a region): the export's account record always has a region and a city.
 */
export const LocationMode = { generated: 0, city: 2 } as const;

const cityText = (c: number): string =>
  `${CITIES[c]!.name}, ${REGIONS[CITIES[c]!.region]!.name}, ${COUNTRIES[CITIES[c]!.country]!.code}`;

/**
 * The location text of an account that wrote its place as the targeting catalogue names its city (a
 * live-born account, or a location edit): "Chiba, Chiba, JP". The engine reads it back with
 * `resolveLocationText` (live contract rule 1), so the export writes what that rule gives.
 */
export function catalogueLocationText(a: AccountTable, i: number): string {
  return cityText(a.city[i]!);
}

/** Where the export puts an account: its columns, or for catalogue text exactly what the shared rule resolves. */
export interface PlaceFields {
  country: string;
  region: string;
  city: string;
  metro: string | null;
}

export function placeOf(a: AccountTable, i: number): PlaceFields {
  const mode = a.locationMode[i] ?? 0;
  const city = CITIES[a.city[i]!]!;
  const country = COUNTRIES[a.country[i]!]!.code;
  const region = REGIONS[a.region[i]!]!.name;
  if (mode === LocationMode.generated)
    return { country, region, city: city.name, metro: city.metro >= 0 ? METROS[city.metro]!.name : null };
  // resolveLocationText never infers a metro from a city.
  return { country, region, city: city.name, metro: null };
}

let roundTrip: Uint8Array | undefined;

/**
 * 1 for each city whose catalogue text resolves back to exactly itself through the shared rule (a
 * name with ", " inside, or a country the catalogue leaves out, does not): only those are written as
 * catalogue text, so the export and the engine always agree.
 */
export function roundTripCities(): Uint8Array {
  if (roundTrip) return roundTrip;
  const locations = targetingCriteria('locations');
  const cities = new Uint8Array(CITIES.length);
  for (let c = 0; c < CITIES.length; c++) {
    const got = resolveLocationText(cityText(c), locations);
    const city = CITIES[c]!;
    if (
      got.country === COUNTRIES[city.country]!.code &&
      got.region === REGIONS[city.region]!.name &&
      got.city === city.name &&
      !got.metro
    )
      cities[c] = 1;
  }
  roundTrip = cities;
  return roundTrip;
}
