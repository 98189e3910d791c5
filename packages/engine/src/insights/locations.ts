import type { LocationsPanel } from '@murmur/core/insights';
import type { InsightContext } from './context';
import { categoricalCounts } from './counts';
import { fieldShares } from './field-shares';

/** Locations for a map: all countries, the top 100 regions and top 50 cities, over every member. */
export function locations(ctx: InsightContext): LocationsPanel {
  const counts = categoricalCounts(ctx);
  const base = ctx.members.length;
  return {
    basis: ctx.allMembers,
    countries: fieldShares(ctx, 'country', counts, base, 300),
    regions: fieldShares(ctx, 'region', counts, base, 100),
    cities: fieldShares(ctx, 'city', counts, base, 50),
  };
}
