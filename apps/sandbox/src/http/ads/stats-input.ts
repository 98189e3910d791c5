import { InvalidInput } from '../../ads/invalid-input';
import { STATS_ENTITIES, type Granularity, type StatsQuery } from '../../ads/stats';
import { list, oneOf, time, type Params } from './params';

const HOUR = 3600;
/** X's synchronous stats endpoint answers at most 7 days per request and 20 entities. */
const MAX_RANGE = 7 * 24 * HOUR;
const MAX_ENTITIES = 20;
export const METRIC_GROUPS = ['ENGAGEMENT', 'BILLING'] as const;
export type MetricGroup = (typeof METRIC_GROUPS)[number];

export interface StatsRequest extends StatsQuery {
  groups: MetricGroup[];
  placement: 'ALL_ON_TWITTER' | 'PUBLISHER_NETWORK';
}

/** Reads and checks the query the way X does (whole hours; DAY buckets start at midnight, UTC here). */
export function statsRequest(params: Params, accountId: string): StatsRequest {
  const entity = oneOf(params, 'entity', STATS_ENTITIES, { required: true })!;
  const ids = list(params, 'entity_ids', { required: true, max: MAX_ENTITIES });
  const granularity = oneOf<Granularity>(params, 'granularity', ['HOUR', 'DAY', 'TOTAL'], {
    required: true,
  })!;
  const start = time(params, 'start_time', { required: true })!;
  const end = time(params, 'end_time', { required: true })!;
  const groups = list(params, 'metric_groups', { required: true }).map((g) => g.toUpperCase());
  const unsupported = groups.find((g) => !(METRIC_GROUPS as readonly string[]).includes(g));
  if (unsupported)
    throw new InvalidInput(
      `metric_groups ${unsupported} is not simulated; use ENGAGEMENT and BILLING`,
      'metric_groups',
    );
  const placement =
    oneOf(params, 'placement', ['ALL_ON_TWITTER', 'PUBLISHER_NETWORK'] as const) ?? 'ALL_ON_TWITTER';
  if (start % HOUR !== 0) throw new InvalidInput('start_time must be a whole hour', 'start_time');
  if (end % HOUR !== 0) throw new InvalidInput('end_time must be a whole hour', 'end_time');
  if (end <= start) throw new InvalidInput('end_time must be after start_time', 'end_time');
  if (end - start > MAX_RANGE) throw new InvalidInput('The time range may span at most 7 days', 'end_time');
  if (granularity === 'DAY' && (start % (24 * HOUR) !== 0 || end % (24 * HOUR) !== 0))
    throw new InvalidInput(
      'With DAY granularity, start_time and end_time must be midnight (UTC)',
      'start_time',
    );
  return {
    accountId,
    entity,
    ids: [...new Set(ids)],
    granularity,
    start,
    end,
    groups: [...new Set(groups)] as MetricGroup[],
    placement,
  };
}

/** `reach/campaigns`: up to 20 campaign ids and a window in whole hours (X sets no span limit). */
export function reachRequest(params: Params): { ids: string[]; start: number; end: number } {
  const ids = list(params, 'campaign_ids', { required: true, max: MAX_ENTITIES });
  const start = time(params, 'start_time', { required: true })!;
  const end = time(params, 'end_time', { required: true })!;
  if (start % HOUR !== 0) throw new InvalidInput('start_time must be a whole hour', 'start_time');
  if (end % HOUR !== 0) throw new InvalidInput('end_time must be a whole hour', 'end_time');
  if (end <= start) throw new InvalidInput('end_time must be after start_time', 'end_time');
  return { ids: [...new Set(ids)], start, end };
}
