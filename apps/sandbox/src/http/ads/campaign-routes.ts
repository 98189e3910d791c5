import type { FastifyInstance } from 'fastify';
import { current, revise, updatedAt } from '../../ads/revisions';
import type { AdAccount, Campaign, CampaignConfig } from '../../ads/types';
import { ownedAccount } from './auth';
import { campaignChanges, checkCampaign } from './campaign-input';
import type { AdsContext } from './context';
import { notFound } from './errors';
import { one, page } from './envelope';
import { iso, list, paramsOf } from './params';
import { listFilter, visibleRevisioned } from './visibility';

const NEW_CAMPAIGN: CampaignConfig = {
  name: '',
  fundingInstrumentId: '',
  dailyBudgetMicro: 0,
  totalBudgetMicro: null,
  startTime: null,
  endTime: null,
  entityStatus: 'ACTIVE',
  standardDelivery: true,
  deleted: false,
};

/** Why a campaign does not serve right now, in X's reasons_not_servable vocabulary. */
function reasonsNotServable(c: CampaignConfig, now: number): string[] {
  const reasons: string[] = [];
  if (c.deleted) reasons.push('DELETED');
  if (c.entityStatus === 'PAUSED') reasons.push('PAUSED_BY_ADVERTISER');
  if (c.entityStatus === 'DRAFT') reasons.push('INCOMPLETE');
  if (c.startTime !== null && c.startTime > now) reasons.push('FUTURE');
  if (c.endTime !== null && c.endTime <= now) reasons.push('EXPIRED');
  return reasons;
}

export function campaignWire(account: AdAccount, campaign: Campaign, now: number): object {
  const c = current(campaign);
  const reasons = reasonsNotServable(c, now);
  return {
    id: campaign.id,
    account_id: account.id,
    name: c.name,
    funding_instrument_id: c.fundingInstrumentId,
    daily_budget_amount_local_micro: c.dailyBudgetMicro,
    total_budget_amount_local_micro: c.totalBudgetMicro,
    start_time: iso(c.startTime),
    end_time: iso(c.endTime),
    entity_status: c.entityStatus,
    standard_delivery: c.standardDelivery,
    budget_optimization: 'CAMPAIGN',
    currency: account.currency,
    servable: reasons.length === 0,
    reasons_not_servable: reasons,
    duration_in_days: null,
    frequency_cap: null,
    purchase_order_number: null,
    created_at: iso(campaign.createdAt),
    updated_at: iso(updatedAt(campaign)),
    deleted: c.deleted,
  };
}

export function registerCampaignRoutes(app: FastifyInstance, ctx: AdsContext): void {
  const { store } = ctx.platform;
  const base = '/accounts/:account_id/campaigns';

  const find = (account: AdAccount, params: Record<string, unknown>): Campaign => {
    const campaign = store.campaigns.get(account.id, String(params.campaign_id));
    if (!visibleRevisioned(params, campaign)) throw notFound('campaign');
    return campaign;
  };
  /** Deleted campaigns can be read (with_deleted) but not changed. */
  const findLive = (account: AdAccount, params: Record<string, unknown>): Campaign => {
    const campaign = store.campaigns.get(account.id, String(params.campaign_id));
    if (!campaign || current(campaign).deleted) throw notFound('campaign');
    return campaign;
  };

  app.get(base, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const keep = listFilter(params, 'campaign_ids');
    const instruments = list(params, 'funding_instrument_ids', { max: 200 });
    const items = store.campaigns.list(account.id).filter((c) => {
      const value = current(c);
      return (
        keep(c.id, value) && (instruments.length === 0 || instruments.includes(value.fundingInstrumentId))
      );
    });
    return page(request, items, (c) => campaignWire(account, c, ctx.platform.now()));
  });

  app.get(`${base}/:campaign_id`, (request) => {
    const account = ownedAccount(ctx, request);
    return one(request, campaignWire(account, find(account, paramsOf(request)), ctx.platform.now()));
  });

  app.post(base, (request) => {
    const account = ownedAccount(ctx, request);
    const now = ctx.platform.now();
    // name, funding_instrument_id and daily_budget_amount_local_micro are required, so always set.
    const value: CampaignConfig = { ...NEW_CAMPAIGN, ...campaignChanges(paramsOf(request), true) };
    checkCampaign(store, account, value, undefined);
    const campaign = store.campaigns.add({
      id: store.nextId('campaign'),
      accountId: account.id,
      createdAt: now,
      revisions: [{ at: now, value }],
    });
    store.touch();
    return one(request, campaignWire(account, campaign, now));
  });

  app.put(`${base}/:campaign_id`, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const campaign = findLive(account, params);
    const previous = current(campaign);
    const next = { ...previous, ...campaignChanges(params, false) };
    checkCampaign(store, account, next, previous);
    revise(campaign, ctx.platform.now(), next);
    store.touch();
    return one(request, campaignWire(account, campaign, ctx.platform.now()));
  });

  app.delete(`${base}/:campaign_id`, (request) => {
    const account = ownedAccount(ctx, request);
    const campaign = findLive(account, paramsOf(request));
    const now = ctx.platform.now();
    revise(campaign, now, { deleted: true });
    // Line items go with their campaign, as in X's UI.
    for (const li of store.lineItems.list(account.id))
      if (current(li).campaignId === campaign.id && !current(li).deleted) revise(li, now, { deleted: true });
    store.touch();
    return one(request, campaignWire(account, campaign, now));
  });
}
