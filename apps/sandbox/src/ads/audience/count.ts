import { CITIES } from '../../catalogue/locations';
import type { Network } from '../../network';
import type { CompiledAudience } from './compile';
import { selects } from './selector';

const CITY_METRO = Int16Array.from(CITIES, (c) => c.metro);

/** Sandbox accounts matching a compiled audience: one pass over the population, no allocation. */
export function countAudience(network: Network, q: CompiledAudience): number {
  const a = network.accounts;
  const { location, language, age, gender, operator, platform, primary, exclude } = q;
  let count = 0;
  for (let i = 0; i < a.count; i++) {
    if (language && !language[a.language[i]!]) continue;
    if (gender && !gender[a.gender[i]!]) continue;
    if (age && !age[a.ageBand[i]!]) continue;
    if (platform && !platform[a.platform[i]!]) continue;
    if (operator && !operator[a.operator[i]!]) continue;
    if (location) {
      const city = a.city[i]!;
      const metro = CITY_METRO[city]!;
      const inside =
        location.COUNTRIES[a.country[i]!] ||
        location.REGIONS[a.region[i]!] ||
        location.CITIES[city] ||
        (metro >= 0 && location.METROS[metro]);
      if (!inside) continue;
    }
    if (exclude && selects(exclude, a, i)) continue;
    if (primary && !selects(primary, a, i)) continue;
    count++;
  }
  return count;
}
