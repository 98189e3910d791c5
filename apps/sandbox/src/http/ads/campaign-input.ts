import { InvalidInput } from '../../ads/invalid-input';
import type { AdAccount, CampaignConfig, EntityStatus } from '../../ads/types';
import type { AdsStore } from '../../ads/store';
import { bool, int, oneOf, str, time, type Params } from './params';

export const ENTITY_STATUSES: readonly EntityStatus[] = ['ACTIVE', 'PAUSED', 'DRAFT'];

/** The fields a POST or PUT sets; absent ones keep their value. */
export function campaignChanges(params: Params, creating: boolean): Partial<CampaignConfig> {
  const changes: Partial<CampaignConfig> = {};
  const set = <K extends keyof CampaignConfig>(key: K, value: CampaignConfig[K] | undefined): void => {
    if (value !== undefined) changes[key] = value;
  };
  set('name', str(params, 'name', { required: creating, max: 255 }));
  set('fundingInstrumentId', str(params, 'funding_instrument_id', { required: creating }));
  set('dailyBudgetMicro', int(params, 'daily_budget_amount_local_micro', { required: creating, min: 1 }));
  set('totalBudgetMicro', int(params, 'total_budget_amount_local_micro', { min: 1 }));
  set('startTime', time(params, 'start_time'));
  set('endTime', time(params, 'end_time'));
  set('entityStatus', oneOf(params, 'entity_status', ENTITY_STATUSES));
  if (params.standard_delivery !== undefined)
    changes.standardDelivery = bool(params, 'standard_delivery', true);
  return changes;
}

/** X's cross-field rules, checked on the configuration as it would be after the change. */
export function checkCampaign(
  store: AdsStore,
  account: AdAccount,
  next: CampaignConfig,
  previous: CampaignConfig | undefined,
): void {
  if (!store.fundingInstruments.get(account.id, next.fundingInstrumentId))
    throw new InvalidInput(
      'funding_instrument_id does not belong to this ad account',
      'funding_instrument_id',
    );
  if (next.totalBudgetMicro !== null && next.totalBudgetMicro < next.dailyBudgetMicro)
    throw new InvalidInput(
      'daily_budget_amount_local_micro must not exceed total_budget_amount_local_micro',
      'daily_budget_amount_local_micro',
    );
  if (next.startTime !== null && next.endTime !== null && next.endTime <= next.startTime)
    throw new InvalidInput('end_time must be after start_time', 'end_time');
  if (previous && previous.entityStatus !== 'DRAFT' && next.entityStatus === 'DRAFT')
    throw new InvalidInput('A campaign that has been activated cannot return to DRAFT', 'entity_status');
}
