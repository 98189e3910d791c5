import { campaignPlan, servingAt } from './delivery/plan';
import { HOUR, METRIC_COUNT, type Delivery } from './delivery/metrics';
import { simulateCampaign } from './delivery/simulate';
import type { AdsPlatform } from './platform';
import { current } from './revisions';

export const STATS_ENTITIES = [
  'ACCOUNT',
  'FUNDING_INSTRUMENT',
  'CAMPAIGN',
  'LINE_ITEM',
  'PROMOTED_TWEET',
] as const;
export type StatsEntity = (typeof STATS_ENTITIES)[number];
export type Granularity = 'HOUR' | 'DAY' | 'TOTAL';

export interface StatsQuery {
  accountId: string;
  entity: StatsEntity;
  ids: readonly string[];
  start: number;
  end: number;
  granularity: Granularity;
}

/** A line item's delivery counted towards an entity, with the share of each hour that belongs to it. */
interface Part {
  lineItemId: string;
  weight: (hour: number) => number;
}

const whole = (): number => 1;

function partsOf(platform: AdsPlatform, q: StatsQuery, id: string): Part[] {
  const { store } = platform;
  const lineItems = store.lineItems.list(q.accountId);
  const all = (keep: (campaignId: string) => boolean): Part[] =>
    lineItems
      .filter((li) => keep(current(li).campaignId))
      .map((li) => ({ lineItemId: li.id, weight: whole }));
  switch (q.entity) {
    case 'ACCOUNT':
      return all(() => true);
    case 'FUNDING_INSTRUMENT':
      return all((c) => current(store.campaigns.get(q.accountId, c)!).fundingInstrumentId === id);
    case 'CAMPAIGN':
      return all((c) => c === id);
    case 'LINE_ITEM':
      return [{ lineItemId: id, weight: whole }];
    case 'PROMOTED_TWEET': {
      // A line item rotates its serving promoted posts evenly.
      const pt = store.promotedTweets.get(q.accountId, id)!;
      const siblings = store.promotedTweets.list(q.accountId).filter((p) => p.lineItemId === pt.lineItemId);
      const weight = (h: number): number =>
        servingAt(pt, h) ? 1 / siblings.filter((p) => servingAt(p, h)).length : 0;
      return [{ lineItemId: pt.lineItemId, weight }];
    }
  }
}

export function bucketCount(q: Pick<StatsQuery, 'start' | 'end' | 'granularity'>): number {
  if (q.granularity === 'TOTAL') return 1;
  return Math.ceil((q.end - q.start) / (q.granularity === 'DAY' ? 24 * HOUR : HOUR));
}

/**
 * Metrics per entity and time bucket (`values[bucket × METRIC_COUNT + metric]`), summed from the
 * delivery simulation of the campaigns involved, each simulated once per request up to the
 * sandbox clock (nothing is delivered in the future).
 */
export function entityStats(platform: AdsPlatform, q: StatsQuery): Map<string, Float64Array> {
  const { store } = platform;
  const until = Math.min(platform.now(), q.end);
  const simulated = new Map<string, Map<string, Delivery>>();
  const deliveryOf = (lineItemId: string): Delivery | undefined => {
    const campaignId = current(store.lineItems.get(q.accountId, lineItemId)!).campaignId;
    let byLineItem = simulated.get(campaignId);
    if (!byLineItem) {
      byLineItem = simulateCampaign(
        campaignPlan(platform, store.campaigns.get(q.accountId, campaignId)!),
        until,
      );
      simulated.set(campaignId, byLineItem);
    }
    return byLineItem.get(lineItemId);
  };
  const buckets = bucketCount(q);
  const bucketSeconds =
    q.granularity === 'TOTAL' ? q.end - q.start : q.granularity === 'DAY' ? 24 * HOUR : HOUR;
  const out = new Map<string, Float64Array>();
  for (const id of q.ids) {
    const sums = new Float64Array(buckets * METRIC_COUNT);
    for (const part of partsOf(platform, q, id)) {
      const delivery = deliveryOf(part.lineItemId);
      if (!delivery) continue;
      const from = Math.max(0, Math.ceil((q.start - delivery.firstHour) / HOUR));
      for (let k = from; k < delivery.hours; k++) {
        const h = delivery.firstHour + k * HOUR;
        if (h >= q.end) break;
        const weight = part.weight(h);
        if (weight === 0) continue;
        const bucket = Math.min(buckets - 1, Math.floor((h - q.start) / bucketSeconds));
        for (let m = 0; m < METRIC_COUNT; m++)
          sums[bucket * METRIC_COUNT + m]! += delivery.values[k * METRIC_COUNT + m]! * weight;
      }
    }
    out.set(id, sums.map(Math.round));
  }
  return out;
}
