import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidInput } from '../../ads/invalid-input';
import { current } from '../../ads/revisions';
import type { Table } from '../../ads/table';
import type { AdAccount } from '../../ads/types';
import { ownedAccount } from './auth';
import type { AdsContext } from './context';
import { notFound } from './errors';
import { one, page } from './envelope';
import { bool, list, paramsOf, str, type Params } from './params';

/** What promoted tweets and targeting criteria have in common: they hang off a line item and are soft-deleted. */
export interface LineItemChild {
  id: string;
  accountId: string;
  lineItemId: string;
  updatedAt: number;
  deletedAt: number | null;
}

export interface LineItemChildRoutes<T extends LineItemChild> {
  /** `/accounts/:account_id/<collection>` */
  base: string;
  table: Table<T>;
  /** The route parameter naming one item, and the query parameter listing several (`<idParam>s`). */
  idParam: string;
  /** How a missing item is called in the NOT_FOUND message. */
  what: string;
  /** X requires line_item_ids when listing targeting criteria, not promoted tweets. */
  lineItemsRequired: boolean;
  wire: (item: T) => object;
}

/** The `line_item_id` parameter, if it names a live line item of this ad account. */
export function liveLineItemId(ctx: AdsContext, account: AdAccount, params: Params): string {
  const lineItemId = str(params, 'line_item_id', { required: true })!;
  const li = ctx.platform.store.lineItems.get(account.id, lineItemId);
  if (!li || current(li).deleted)
    throw new InvalidInput('line_item_id does not name a line item of this ad account', 'line_item_id');
  return lineItemId;
}

/** The live items of a line item (for duplicate checks before creating another). */
export const liveChildren = <T extends LineItemChild>(
  table: Table<T>,
  accountId: string,
  lineItemId: string,
): T[] => table.list(accountId).filter((c) => c.lineItemId === lineItemId && c.deletedAt === null);

/**
 * GET the collection (filtered by `line_item_ids`, `<idParam>s`, `with_deleted`), GET one and
 * DELETE one (soft: the item keeps its lifetime for the delivery history). Creation differs per
 * collection and stays with it.
 */
export function registerLineItemChildRoutes<T extends LineItemChild>(
  app: FastifyInstance,
  ctx: AdsContext,
  routes: LineItemChildRoutes<T>,
): void {
  const { base, table, idParam, what, wire } = routes;
  const item = (request: FastifyRequest): { params: Params; found: T | undefined } => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    return { params, found: table.get(account.id, String(params[idParam])) };
  };

  app.get(base, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const lineItems = list(params, 'line_item_ids', { required: routes.lineItemsRequired, max: 200 });
    const ids = list(params, `${idParam}s`, { max: 200 });
    const withDeleted = bool(params, 'with_deleted', false);
    const items = table
      .list(account.id)
      .filter(
        (c) =>
          (withDeleted || c.deletedAt === null) &&
          (lineItems.length === 0 || lineItems.includes(c.lineItemId)) &&
          (ids.length === 0 || ids.includes(c.id)),
      );
    return page(request, items, wire);
  });

  app.get(`${base}/:${idParam}`, (request) => {
    const { params, found } = item(request);
    if (!found || (found.deletedAt !== null && !bool(params, 'with_deleted', false))) throw notFound(what);
    return one(request, wire(found));
  });

  app.delete(`${base}/:${idParam}`, (request) => {
    const { found } = item(request);
    if (!found || found.deletedAt !== null) throw notFound(what);
    found.deletedAt = found.updatedAt = ctx.platform.now();
    ctx.platform.store.touch();
    return one(request, wire(found));
  });
}
