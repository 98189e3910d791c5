import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audienceRange } from '../../ads/audience/estimate';
import { resolveCriterion, type ResolvedCriterion } from '../../ads/audience/resolve';
import { InvalidInput } from '../../ads/invalid-input';
import type { AdAccount } from '../../ads/types';
import { ownedAccount } from './auth';
import type { AdsContext } from './context';
import { one } from './envelope';
import { paramsOf, str } from './params';

/** X caps an estimate request's criteria; the sandbox keeps the same order of magnitude. */
const MAX_CRITERIA = 1000;

/** `targeting_criteria` as a JSON array in the body (X v12), or as a JSON string parameter. */
function rawCriteria(request: FastifyRequest): unknown[] {
  const params = paramsOf(request);
  let raw = params.targeting_criteria;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw) as unknown;
    } catch {
      throw new InvalidInput('targeting_criteria must be a JSON array', 'targeting_criteria');
    }
  }
  if (!Array.isArray(raw))
    throw new InvalidInput(
      '"targeting_criteria" is a required parameter',
      'targeting_criteria',
      'MISSING_PARAMETER',
    );
  if (raw.length > MAX_CRITERIA)
    throw new InvalidInput(`At most ${MAX_CRITERIA} targeting criteria`, 'targeting_criteria');
  return raw;
}

function criteriaOf(ctx: AdsContext, account: AdAccount, request: FastifyRequest): ResolvedCriterion[] {
  const { store } = ctx.platform;
  const lineItemId = str(paramsOf(request), 'line_item_id');
  if (lineItemId !== undefined) {
    // Sandbox convenience: estimate what a line item currently targets.
    if (!store.lineItems.get(account.id, lineItemId))
      throw new InvalidInput('Unknown line_item_id', 'line_item_id');
    return store.targeting
      .list(account.id)
      .filter((c) => c.lineItemId === lineItemId && c.deletedAt === null)
      .map((c) => ({
        type: c.targetingType,
        value: c.targetingValue,
        operator: c.operatorType,
        name: c.name,
        locationType: c.locationType,
      }));
  }
  const resolve = ctx.platform.resolveContext(account.id);
  return rawCriteria(request).map((item) => {
    const c = (item ?? {}) as Record<string, unknown>;
    return resolveCriterion(resolve, c.targeting_type, c.targeting_value, c.operator_type ?? 'EQ');
  });
}

/**
 * X v12's `POST accounts/:id/audience_estimate`: how many people the criteria reach, as a range.
 * The count is exact on the sandbox population, times the network's scale.
 */
export function registerEstimateRoutes(app: FastifyInstance, ctx: AdsContext): void {
  const handler = (request: FastifyRequest): object => {
    const account = ownedAccount(ctx, request);
    const criteria = criteriaOf(ctx, account, request);
    const size = ctx.platform.counter.size(criteria, ctx.platform.store.version);
    return one(request, { audience_size: audienceRange(size) });
  };
  app.post('/accounts/:account_id/audience_estimate', handler);
  app.get('/accounts/:account_id/audience_estimate', handler);
}
