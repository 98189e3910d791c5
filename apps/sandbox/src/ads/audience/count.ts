import { CITIES } from '@murmur/core/x-catalogue';
import type { Network } from '../../network';
import type { CompiledAudience } from './compile';
import { selects } from './selector';

const CITY_METRO = Int16Array.from(CITIES, (c) => c.metro);

/** Whether sandbox account `i` matches a compiled audience (no allocation). */
function matches(a: Network['accounts'], q: CompiledAudience, i: number): boolean {
  const { location, language, age, gender, operator, platform, primary, exclude } = q;
  if (language && !language[a.language[i]!]) return false;
  if (gender && !gender[a.gender[i]!]) return false;
  if (age && !age[a.ageBand[i]!]) return false;
  if (platform && !platform[a.platform[i]!]) return false;
  if (operator && !operator[a.operator[i]!]) return false;
  if (location) {
    const city = a.city[i]!;
    const metro = CITY_METRO[city]!;
    const inside =
      location.COUNTRIES[a.country[i]!] ||
      location.REGIONS[a.region[i]!] ||
      location.CITIES[city] ||
      (metro >= 0 && location.METROS[metro]);
    if (!inside) return false;
  }
  if (exclude && selects(exclude, a, i)) return false;
  if (primary && !selects(primary, a, i)) return false;
  return true;
}

/** Sandbox accounts matching a compiled audience: one pass over the population, no allocation. */
export function countAudience(network: Network, q: CompiledAudience): number {
  const a = network.accounts;
  let count = 0;
  for (let i = 0; i < a.count; i++) if (matches(a, q, i)) count++;
  return count;
}

/**
 * Sets `bit` in `marks[i]` for every sandbox account `i` matching the audience (the delivery's
 * reach needs who is in each line item's audience, not only how many). Returns the count.
 */
export function markAudience(network: Network, q: CompiledAudience, marks: Uint32Array, bit: number): number {
  const a = network.accounts;
  const flag = (1 << bit) >>> 0;
  let count = 0;
  for (let i = 0; i < a.count; i++)
    if (matches(a, q, i)) {
      marks[i] = (marks[i]! | flag) >>> 0;
      count++;
    }
  return count;
}
