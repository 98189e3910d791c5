import { and, eq, gt, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AudienceStatus } from '@murmur/core/targeting';
import { campaigns, type EntityState } from '../../db/schema';

/** SPEC §3 status of a stored state and schedule at `now`. */
export function statusOf(
  state: EntityState,
  start: Date | null,
  end: Date | null,
  now: Date,
): AudienceStatus {
  if (state === 'draft') return 'Draft';
  if (state === 'halted') return 'Halted';
  if (state === 'paused') return 'Paused';
  if (end && end <= now) return 'Expired';
  if (start && start > now) return 'Scheduled';
  return 'Active';
}

/** The SQL of a displayed status over campaigns' state and schedule (the list's filter). */
export function statusFilter(status: AudienceStatus, now: Date): SQL | undefined {
  const c = campaigns;
  const active = eq(c.state, 'active');
  switch (status) {
    case 'Draft':
      return eq(c.state, 'draft');
    case 'Halted':
      return eq(c.state, 'halted');
    case 'Paused':
      return eq(c.state, 'paused');
    case 'Expired':
      return and(active, isNotNull(c.end), lte(c.end, now));
    case 'Scheduled':
      return and(active, isNotNull(c.start), gt(c.start, now), or(isNull(c.end), gt(c.end, now)));
    case 'Active':
      return and(active, or(isNull(c.start), lte(c.start, now)), or(isNull(c.end), gt(c.end, now)));
  }
}
