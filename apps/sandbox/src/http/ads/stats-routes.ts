import type { FastifyInstance } from 'fastify';
import { BILLING_METRICS, ENGAGEMENT_METRICS, METRIC_COUNT, METRIC_INDEX } from '../../ads/delivery/metrics';
import { InvalidInput } from '../../ads/invalid-input';
import { campaignReach } from '../../ads/reach';
import { bucketCount, entityStats, type StatsQuery } from '../../ads/stats';
import { ownedAccount } from './auth';
import type { AdsContext } from './context';
import { echo } from './envelope';
import { paramsOf } from './params';
import { reachRequest, statsRequest, type MetricGroup } from './stats-input';

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

  /**
   * X's reach and average frequency, `GET stats/accounts/:account_id/reach/campaigns`: the distinct
   * people each campaign's simulated delivery reached in the window and impressions ÷ reach (2
   * decimals). As on X, a campaign that delivered nothing in the window reports null for both.
   */
  app.get('/stats/accounts/:account_id/reach/campaigns', (request) => {
    const account = ownedAccount(ctx, request);
    const q = reachRequest(paramsOf(request));
    const { store } = ctx.platform;
    const foreign = q.ids.find((id) => store.campaigns.get(account.id, id) === undefined);
    if (foreign) throw new InvalidInput(`${foreign} is not a CAMPAIGN of this ad account`, 'campaign_ids');
    const data = q.ids.map((id) => {
      const { impressions, reach } = campaignReach(
        ctx.platform,
        store.campaigns.get(account.id, id)!,
        q.start,
        q.end,
      );
      return reach > 0
        ? {
            id,
            total_audience_reach: reach,
            average_frequency: Math.round((impressions / reach) * 100) / 100,
          }
        : { id, total_audience_reach: null, average_frequency: null };
    });
    return { request: echo(request), data_type: 'reach', data };
  });
}
