import type { LocationsPanel } from '@murmur/core/insights';
import type { InsightContext } from './context';
import { memberTally } from './field-shares';

/** Locations for a map: all countries, the top 100 regions and top 50 cities, over every member. */
export function locations(ctx: InsightContext): LocationsPanel {
  const { basis, top } = memberTally(ctx);
  return { basis, countries: top('country', 300), regions: top('region', 100), cities: top('city', 50) };
}
