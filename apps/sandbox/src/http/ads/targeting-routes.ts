import type { FastifyInstance } from 'fastify';
import { resolveCriterion } from '../../ads/audience/resolve';
import { InvalidInput } from '../../ads/invalid-input';
import type { TargetingRecord } from '../../ads/types';
import { ownedAccount } from './auth';
import type { AdsContext } from './context';
import { one } from './envelope';
import { liveChildren, liveLineItemId, registerLineItemChildRoutes } from './line-item-children';
import { iso, paramsOf, str } from './params';

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
  registerLineItemChildRoutes(app, ctx, {
    base,
    table: store.targeting,
    idParam: 'targeting_criterion_id',
    what: 'targeting criterion',
    // X requires line_item_ids here (up to 200).
    lineItemsRequired: true,
    wire,
  });

  app.post(base, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const lineItemId = liveLineItemId(ctx, account, params);
    str(params, 'targeting_type', { required: true });
    str(params, 'targeting_value', { required: true });
    const resolved = resolveCriterion(
      ctx.platform.resolveContext(account.id),
      params.targeting_type,
      params.targeting_value,
      params.operator_type ?? 'EQ',
    );
    const duplicate = liveChildren(store.targeting, account.id, lineItemId).some(
      (c) =>
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
}
