import type { AdsPlatform } from '../platform';
import { current } from '../revisions';
import type { Campaign, PromotedTweet, TargetingRecord } from '../types';
import type { CampaignPlan } from './simulate';

const groupBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> => {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
};

export const liveAt = (item: { createdAt: number; deletedAt: number | null }, t: number): boolean =>
  item.createdAt <= t && (item.deletedAt === null || t < item.deletedAt);

/**
 * Status changes of promoted posts (PUT entity_status), oldest first, so that pausing one stops its
 * delivery from then on without rewriting what it delivered before. A post is created ACTIVE.
 */
const statusChanges = new WeakMap<PromotedTweet, { at: number; status: PromotedTweet['entityStatus'] }[]>();

export function changePromotedStatus(
  pt: PromotedTweet,
  at: number,
  status: PromotedTweet['entityStatus'],
): void {
  const changes = statusChanges.get(pt) ?? [];
  changes.push({ at, status });
  statusChanges.set(pt, changes);
  pt.entityStatus = status;
  pt.updatedAt = at;
}

function statusAt(pt: PromotedTweet, t: number): PromotedTweet['entityStatus'] {
  const changes = statusChanges.get(pt);
  if (!changes) return pt.entityStatus;
  let status: PromotedTweet['entityStatus'] = 'ACTIVE';
  for (const c of changes) if (c.at <= t) status = c.status;
  return status;
}

export const servingAt = (pt: PromotedTweet, t: number): boolean =>
  liveAt(pt, t) && statusAt(pt, t) === 'ACTIVE';

/** A campaign as the delivery simulation sees it, read from the ads store. */
export function campaignPlan(platform: AdsPlatform, campaign: Campaign): CampaignPlan {
  const { store } = platform;
  const account = store.accounts.get(campaign.accountId)!;
  // A line item's campaign_id cannot be changed, so its current value holds for its whole life.
  const lineItems = store.lineItems.list(account.id).filter((li) => current(li).campaignId === campaign.id);
  const promoted = groupBy(store.promotedTweets.list(account.id), (pt) => pt.lineItemId);
  const criteria = groupBy<TargetingRecord>(store.targeting.list(account.id), (c) => c.lineItemId);
  return {
    seed: platform.network.config.seed,
    currency: account.currency,
    campaign,
    lineItems,
    creativesAt: (id, t) => (promoted.get(id) ?? []).filter((pt) => servingAt(pt, t)).length,
    audienceAt: (id, t) =>
      platform.counter.size(
        (criteria.get(id) ?? [])
          .filter((c) => liveAt(c, t))
          .map((c) => ({ type: c.targetingType, value: c.targetingValue, operator: c.operatorType })),
        store.version,
      ),
  };
}
