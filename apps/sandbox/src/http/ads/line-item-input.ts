import { OBJECTIVES, OBJECTIVE_NAMES } from '../../ads/delivery/billing';
import { InvalidInput } from '../../ads/invalid-input';
import type { BidStrategy, LineItemConfig, Placement } from '../../ads/types';
import { ENTITY_STATUSES } from './campaign-input';
import { int, list, oneOf, str, time, type Params } from './params';

export const PLACEMENTS: readonly Placement[] = [
  'ALL_ON_TWITTER',
  'TWITTER_TIMELINE',
  'TWITTER_PROFILE',
  'TWITTER_SEARCH',
  'TWITTER_REPLIES',
];
const BID_STRATEGIES: readonly BidStrategy[] = ['AUTO', 'MAX', 'TARGET'];

function placementsOf(params: Params, creating: boolean): Placement[] | undefined {
  const raw = list(params, 'placements', { required: creating }).map((p) => p.toUpperCase());
  if (raw.length === 0) return undefined;
  const unknown = raw.find((p) => !(PLACEMENTS as readonly string[]).includes(p));
  if (unknown) throw new InvalidInput(`Unsupported placement ${unknown}`, 'placements');
  if (raw.includes('ALL_ON_TWITTER') && raw.length > 1)
    throw new InvalidInput('ALL_ON_TWITTER cannot be combined with other placements', 'placements');
  return [...new Set(raw)] as Placement[];
}

/** The fields a POST or PUT sets; absent ones keep their value. `campaign_id` is fixed at creation. */
export function lineItemChanges(params: Params, creating: boolean): Partial<LineItemConfig> {
  const changes: Partial<LineItemConfig> = {};
  const set = <K extends keyof LineItemConfig>(key: K, value: LineItemConfig[K] | undefined): void => {
    if (value !== undefined) changes[key] = value;
  };
  if (creating) set('campaignId', str(params, 'campaign_id', { required: true }));
  else if (params.campaign_id !== undefined)
    throw new InvalidInput('campaign_id cannot be changed', 'campaign_id');
  set('name', str(params, 'name', { max: 255 }));
  set('objective', oneOf(params, 'objective', OBJECTIVE_NAMES, { required: creating }));
  set('productType', oneOf(params, 'product_type', ['PROMOTED_TWEETS'] as const, { required: creating }));
  set('placements', placementsOf(params, creating));
  set('bidStrategy', oneOf(params, 'bid_strategy', BID_STRATEGIES));
  set('bidAmountMicro', int(params, 'bid_amount_local_micro', { min: 1 }));
  set('goal', str(params, 'goal')?.toUpperCase());
  set('startTime', time(params, 'start_time'));
  set('endTime', time(params, 'end_time'));
  set('entityStatus', oneOf(params, 'entity_status', ENTITY_STATUSES));
  set('totalBudgetMicro', int(params, 'total_budget_amount_local_micro', { min: 1 }));
  return changes;
}

/**
 * Completes and checks a line item as it would be after the change: the goal must suit the
 * objective (defaulting to its first), a MAX or TARGET bid needs an amount and AUTO must not have
 * one, and the schedule must run forwards.
 */
export function settleLineItem(next: LineItemConfig, changes: Partial<LineItemConfig>): LineItemConfig {
  const model = OBJECTIVES[next.objective];
  const goal = changes.goal ?? (model.goals.includes(next.goal) ? next.goal : model.goals[0]!);
  if (!model.goals.includes(goal))
    throw new InvalidInput(`goal must be one of ${model.goals.join(', ')} for ${next.objective}`, 'goal');
  const strategy = changes.bidStrategy ?? (changes.bidAmountMicro !== undefined ? 'MAX' : next.bidStrategy);
  // Switching to AUTO drops the old bid; an AUTO strategy sent together with an amount is an error.
  const bid =
    changes.bidStrategy === 'AUTO' && changes.bidAmountMicro === undefined ? null : next.bidAmountMicro;
  if (strategy === 'AUTO' && bid !== null)
    throw new InvalidInput(
      'bid_amount_local_micro is not allowed with bid_strategy AUTO',
      'bid_amount_local_micro',
    );
  if (strategy !== 'AUTO' && bid === null)
    throw new InvalidInput(
      `bid_amount_local_micro is required with bid_strategy ${strategy}`,
      'bid_amount_local_micro',
    );
  if (next.startTime !== null && next.endTime !== null && next.endTime <= next.startTime)
    throw new InvalidInput('end_time must be after start_time', 'end_time');
  return { ...next, goal, bidStrategy: strategy, bidAmountMicro: bid, payBy: model.unit };
}
