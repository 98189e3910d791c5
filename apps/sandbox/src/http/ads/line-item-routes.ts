import type { FastifyInstance } from 'fastify';
import { InvalidInput } from '../../ads/invalid-input';
import { current, revise, updatedAt } from '../../ads/revisions';
import type { AdAccount, LineItem, LineItemConfig } from '../../ads/types';
import { ownedAccount } from './auth';
import type { AdsContext } from './context';
import { notFound } from './errors';
import { one, page } from './envelope';
import { lineItemChanges, settleLineItem } from './line-item-input';
import { iso, list, paramsOf } from './params';
import { listFilter, visibleRevisioned } from './visibility';

const NEW_LINE_ITEM: LineItemConfig = {
  campaignId: '',
  name: '',
  objective: 'ENGAGEMENTS',
  productType: 'PROMOTED_TWEETS',
  placements: ['ALL_ON_TWITTER'],
  bidStrategy: 'AUTO',
  bidAmountMicro: null,
  goal: '',
  payBy: '',
  startTime: null,
  endTime: null,
  entityStatus: 'ACTIVE',
  totalBudgetMicro: null,
  deleted: false,
};

export function lineItemWire(account: AdAccount, li: LineItem, fundingInstrumentId: string): object {
  const l = current(li);
  return {
    id: li.id,
    account_id: account.id,
    campaign_id: l.campaignId,
    funding_instrument_id: fundingInstrumentId,
    name: l.name,
    objective: l.objective,
    product_type: l.productType,
    placements: l.placements,
    bid_strategy: l.bidStrategy,
    bid_amount_local_micro: l.bidAmountMicro,
    goal: l.goal,
    pay_by: l.payBy,
    total_budget_amount_local_micro: l.totalBudgetMicro,
    start_time: iso(l.startTime),
    end_time: iso(l.endTime),
    entity_status: l.entityStatus,
    currency: account.currency,
    creative_source: 'MANUAL',
    audience_expansion: null,
    frequency_cap: null,
    categories: [],
    tracking_tags: [],
    advertiser_domain: null,
    created_at: iso(li.createdAt),
    updated_at: iso(updatedAt(li)),
    deleted: l.deleted,
  };
}

export function registerLineItemRoutes(app: FastifyInstance, ctx: AdsContext): void {
  const { store } = ctx.platform;
  const base = '/accounts/:account_id/line_items';
  const instrumentOf = (account: AdAccount, li: LineItem): string => {
    const campaign = store.campaigns.get(account.id, current(li).campaignId);
    return campaign ? current(campaign).fundingInstrumentId : '';
  };
  const wire = (account: AdAccount) => (li: LineItem) => lineItemWire(account, li, instrumentOf(account, li));
  const findLive = (account: AdAccount, id: unknown): LineItem => {
    const li = store.lineItems.get(account.id, String(id));
    if (!li || current(li).deleted) throw notFound('line item');
    return li;
  };

  app.get(base, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const keep = listFilter(params, 'line_item_ids');
    const campaigns = list(params, 'campaign_ids', { max: 200 });
    const instruments = list(params, 'funding_instrument_ids', { max: 200 });
    const items = store.lineItems.list(account.id).filter((li) => {
      const value = current(li);
      return (
        keep(li.id, value) &&
        (campaigns.length === 0 || campaigns.includes(value.campaignId)) &&
        (instruments.length === 0 || instruments.includes(instrumentOf(account, li)))
      );
    });
    return page(request, items, wire(account));
  });

  app.get(`${base}/:line_item_id`, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const li = store.lineItems.get(account.id, String(params.line_item_id));
    if (!visibleRevisioned(params, li)) throw notFound('line item');
    return one(request, wire(account)(li));
  });

  app.post(base, (request) => {
    const account = ownedAccount(ctx, request);
    const now = ctx.platform.now();
    const changes = lineItemChanges(paramsOf(request), true);
    const campaign = store.campaigns.get(account.id, changes.campaignId!);
    if (!campaign || current(campaign).deleted)
      throw new InvalidInput('campaign_id does not name a campaign of this ad account', 'campaign_id');
    const value = settleLineItem({ ...NEW_LINE_ITEM, campaignId: campaign.id, ...changes }, changes);
    const li = store.lineItems.add({
      id: store.nextId('line_item'),
      accountId: account.id,
      createdAt: now,
      revisions: [{ at: now, value }],
    });
    store.touch();
    return one(request, wire(account)(li));
  });

  app.put(`${base}/:line_item_id`, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const li = findLive(account, params.line_item_id);
    const changes = lineItemChanges(params, false);
    revise(li, ctx.platform.now(), settleLineItem({ ...current(li), ...changes }, changes));
    store.touch();
    return one(request, wire(account)(li));
  });

  app.delete(`${base}/:line_item_id`, (request) => {
    const account = ownedAccount(ctx, request);
    const li = findLive(account, paramsOf(request).line_item_id);
    revise(li, ctx.platform.now(), { deleted: true });
    store.touch();
    return one(request, wire(account)(li));
  });
}
