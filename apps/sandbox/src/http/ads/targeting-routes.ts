import type { FastifyInstance } from 'fastify';
import { resolveCriterion } from '../../ads/audience/resolve';
import { InvalidInput } from '../../ads/invalid-input';
import { current } from '../../ads/revisions';
import type { TargetingRecord } from '../../ads/types';
import { ownedAccount } from './auth';
import type { AdsContext } from './context';
import { notFound } from './errors';
import { one, page } from './envelope';
import { bool, iso, list, paramsOf, str } from './params';

const wire = (c: TargetingRecord): object => ({
  id: c.id,
  line_item_id: c.lineItemId,
  name: c.name,
  targeting_type: c.targetingType,
  targeting_value: c.targetingValue,
  operator_type: c.operatorType,
  ...(c.locationType ? { location_type: c.locationType } : {}),
  created_at: iso(c.createdAt),
  updated_at: iso(c.updatedAt),
  deleted: c.deletedAt !== null,
});

/**
 * Targeting criteria attach to line items. X has no update: a criterion is deleted and another
 * created, which is also what keeps the delivery history true (each criterion has a lifetime).
 */
export function registerTargetingRoutes(app: FastifyInstance, ctx: AdsContext): void {
  const { store } = ctx.platform;
  const base = '/accounts/:account_id/targeting_criteria';

  app.get(base, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    // X requires line_item_ids here (up to 200).
    const lineItems = list(params, 'line_item_ids', { required: true, max: 200 });
    const ids = list(params, 'targeting_criterion_ids', { max: 200 });
    const withDeleted = bool(params, 'with_deleted', false);
    const items = store.targeting
      .list(account.id)
      .filter(
        (c) =>
          lineItems.includes(c.lineItemId) &&
          (withDeleted || c.deletedAt === null) &&
          (ids.length === 0 || ids.includes(c.id)),
      );
    return page(request, items, wire);
  });

  app.get(`${base}/:targeting_criterion_id`, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const c = store.targeting.get(account.id, String(params.targeting_criterion_id));
    if (!c || (c.deletedAt !== null && !bool(params, 'with_deleted', false)))
      throw notFound('targeting criterion');
    return one(request, wire(c));
  });

  app.post(base, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const lineItemId = str(params, 'line_item_id', { required: true })!;
    const li = store.lineItems.get(account.id, lineItemId);
    if (!li || current(li).deleted)
      throw new InvalidInput('line_item_id does not name a line item of this ad account', 'line_item_id');
    str(params, 'targeting_type', { required: true });
    str(params, 'targeting_value', { required: true });
    const resolved = resolveCriterion(
      ctx.platform.resolveContext(account.id),
      params.targeting_type,
      params.targeting_value,
      params.operator_type ?? 'EQ',
    );
    const duplicate = store.targeting
      .list(account.id)
      .some(
        (c) =>
          c.lineItemId === lineItemId &&
          c.deletedAt === null &&
          c.targetingType === resolved.type &&
          c.targetingValue === resolved.value &&
          c.operatorType === resolved.operator,
      );
    if (duplicate)
      throw new InvalidInput('This line item already has this targeting criterion', 'targeting_value');
    const now = ctx.platform.now();
    const record = store.targeting.add({
      id: store.nextId('targeting_criterion'),
      accountId: account.id,
      lineItemId,
      targetingType: resolved.type,
      targetingValue: resolved.value,
      operatorType: resolved.operator,
      name: resolved.name,
      locationType: resolved.locationType,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
    store.touch();
    return one(request, wire(record));
  });

  app.delete(`${base}/:targeting_criterion_id`, (request) => {
    const account = ownedAccount(ctx, request);
    const c = store.targeting.get(account.id, String(paramsOf(request).targeting_criterion_id));
    if (!c || c.deletedAt !== null) throw notFound('targeting criterion');
    c.deletedAt = c.updatedAt = ctx.platform.now();
    store.touch();
    return one(request, wire(c));
  });
}
