import { COUNTRIES } from '@murmur/core/x-catalogue';
import { NO_OPERATOR, operatorsOfCountry } from '@murmur/core/x-catalogue';
import { PLATFORMS, platformWeights } from '@murmur/core/x-catalogue';
import { AliasTable } from '../random/alias';
import type { Rng } from '../random/prng';

/**
 * The platform an account mostly uses (country-specific iOS/Android split, about a fifth on desktop)
 * and, for mobile users, its network operator by market share. Tables are built once per country.
 */
const platformTables = new Map<number, AliasTable>();
const operatorTables = new Map<number, AliasTable | null>();

export function drawDevice(rng: Rng, country: number): { platform: number; operator: number } {
  let platforms = platformTables.get(country);
  if (!platforms) {
    platforms = new AliasTable(platformWeights(COUNTRIES[country]!.code));
    platformTables.set(country, platforms);
  }
  const platform = platforms.sample(rng);
  if (!PLATFORMS[platform]!.mobile) return { platform, operator: NO_OPERATOR };
  let operators = operatorTables.get(country);
  if (operators === undefined) {
    const list = operatorsOfCountry(country);
    operators = list.length
      ? new AliasTable(
          list.map((o) => o.share),
          Uint32Array.from(list.map((o) => o.index)),
        )
      : null;
    operatorTables.set(country, operators);
  }
  return { platform, operator: operators ? operators.sample(rng) : NO_OPERATOR };
}
