import type { DevicesPanel } from '@murmur/core/insights';
import type { InsightContext } from './context';
import { categoricalCounts } from './counts';
import { fieldShares } from './field-shares';

export function devices(ctx: InsightContext): DevicesPanel {
  const counts = categoricalCounts(ctx);
  const base = ctx.members.length;
  return {
    basis: ctx.allMembers,
    devices: fieldShares(ctx, 'device', counts, base),
    networkOperators: fieldShares(ctx, 'operator', counts, base),
  };
}
