import { CITIES, POPULATED_COUNTRIES, REGIONS } from '@murmur/core/x-catalogue';
import { AliasTable } from '../random/alias';
import type { Rng } from '../random/prng';

/**
 * Where an account lives and which language it writes in: country by X audience size, region by
 * population, language by the region's mix (so Quebec writes French), city by rank.
 */
export interface Place {
  country: number;
  region: number;
  city: number;
  language: number;
}

interface GeoTables {
  country: AliasTable;
  region: Map<number, AliasTable>;
  city: AliasTable[];
  language: AliasTable[];
}

let tables: GeoTables | null = null;

function build(): GeoTables {
  const country = new AliasTable(
    POPULATED_COUNTRIES.map((c) => c.audience),
    Uint32Array.from(POPULATED_COUNTRIES.map((c) => c.index)),
  );
  const region = new Map<number, AliasTable>();
  for (const c of POPULATED_COUNTRIES) {
    const regions = c.regions.map((r) => REGIONS[r]!);
    region.set(
      c.index,
      new AliasTable(
        regions.map((r) => r.weight),
        Uint32Array.from(c.regions),
      ),
    );
  }
  const city = REGIONS.map(
    (r) =>
      new AliasTable(
        r.cities.map((c) => CITIES[c]!.weight),
        Uint32Array.from(r.cities),
      ),
  );
  const language = REGIONS.map((r) => new AliasTable(r.languageWeights));
  return { country, region, city, language };
}

export function samplePlace(rng: Rng): Place {
  tables ??= build();
  const country = tables.country.sample(rng);
  const region = tables.region.get(country)!.sample(rng);
  return {
    country,
    region,
    city: tables.city[region]!.sample(rng),
    language: tables.language[region]!.sample(rng),
  };
}

/** Expected language shares of the population, from the catalogue weights (for the stats report). */
export function expectedLanguageShares(): number[] {
  const totalAudience = POPULATED_COUNTRIES.reduce((s, c) => s + c.audience, 0);
  const shares: number[] = [];
  for (const c of POPULATED_COUNTRIES) {
    const regions = c.regions.map((r) => REGIONS[r]!);
    const regionTotal = regions.reduce((s, r) => s + r.weight, 0);
    for (const r of regions) {
      const langTotal = r.languageWeights.reduce((s, w) => s + w, 0);
      r.languageWeights.forEach((w, l) => {
        shares[l] =
          (shares[l] ?? 0) + (c.audience / totalAudience) * (r.weight / regionTotal) * (w / langTotal);
      });
    }
  }
  return shares;
}
