import type { FastifyInstance } from 'fastify';
import { BILLING_METRICS, ENGAGEMENT_METRICS, METRIC_COUNT, METRIC_INDEX } from '../../ads/delivery/metrics';
import { InvalidInput } from '../../ads/invalid-input';
import { bucketCount, entityStats, type StatsQuery } from '../../ads/stats';
import { ownedAccount } from './auth';
import type { AdsContext } from './context';
import { echo } from './envelope';
import { paramsOf } from './params';
import { statsRequest, type MetricGroup } from './stats-input';

const GROUP_METRICS: Readonly<Record<MetricGroup, readonly string[]>> = {
  ENGAGEMENT: ENGAGEMENT_METRICS,
  BILLING: BILLING_METRICS,
};

/** Whether an entity id of the requested kind belongs to the account (deleted ones keep their stats). */
function owns(ctx: AdsContext, q: StatsQuery, id: string): boolean {
  const { store } = ctx.platform;
  switch (q.entity) {
    case 'ACCOUNT':
      return id === q.accountId;
    case 'FUNDING_INSTRUMENT':
      return store.fundingInstruments.get(q.accountId, id) !== undefined;
    case 'CAMPAIGN':
      return store.campaigns.get(q.accountId, id) !== undefined;
    case 'LINE_ITEM':
      return store.lineItems.get(q.accountId, id) !== undefined;
    case 'PROMOTED_TWEET':
      return store.promotedTweets.get(q.accountId, id) !== undefined;
  }
}

/**
 * X's synchronous analytics, `GET stats/accounts/:account_id`: one time series per metric and
 * entity, from the delivery simulation. As on X a metric with nothing to report is null, and the
 * publisher network (which the sandbox does not simulate) reports nothing.
 */
export function registerStatsRoutes(app: FastifyInstance, ctx: AdsContext): void {
  app.get('/stats/accounts/:account_id', (request) => {
    const account = ownedAccount(ctx, request);
    const q = statsRequest(paramsOf(request), account.id);
    const foreign = q.ids.find((id) => !owns(ctx, q, id));
    if (foreign) throw new InvalidInput(`${foreign} is not a ${q.entity} of this ad account`, 'entity_ids');
    const buckets = bucketCount(q);
    const stats =
      q.placement === 'ALL_ON_TWITTER' ? entityStats(ctx.platform, q) : new Map<string, Float64Array>();
    const data = q.ids.map((id) => {
      const values = stats.get(id);
      const metrics: Record<string, number[] | null> = {};
      for (const group of q.groups)
        for (const metric of GROUP_METRICS[group]) {
          const m = METRIC_INDEX[metric as keyof typeof METRIC_INDEX];
          const series = Array.from({ length: buckets }, (_, b) => values?.[b * METRIC_COUNT + m] ?? 0);
          metrics[metric] = series.some((v) => v !== 0) ? series : null;
        }
      return { id, id_data: [{ segment: null, metrics }] };
    });
    return { data_type: 'stats', time_series_length: buckets, data, request: echo(request) };
  });
}
