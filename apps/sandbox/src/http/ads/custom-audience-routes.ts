import type { FastifyInstance } from 'fastify';
import { applyOperations, audienceState } from '../../ads/custom-audiences';
import type { CustomAudience } from '../../ads/types';
import { parseOperations } from './audience-operations';
import { ownedAccount } from './auth';
import type { AdsContext } from './context';
import { notFound } from './errors';
import { one, page } from './envelope';
import { bool, iso, list, paramsOf, str } from './params';

/** A 2 500-user batch of three hashes each is about 0.6 MB; leave room. */
const USERS_BODY_LIMIT = 8 * 1024 * 1024;

export function registerCustomAudienceRoutes(app: FastifyInstance, ctx: AdsContext): void {
  const { store, identifiers } = ctx.platform;
  const base = '/accounts/:account_id/custom_audiences';
  const wire = (ca: CustomAudience): object => {
    const state = audienceState(ca, ctx.platform.now());
    return {
      id: ca.id,
      name: ca.name,
      description: ca.description,
      audience_type: 'CRM',
      targetable: state.targetable,
      targetable_types: state.targetable ? ['CRM'] : [],
      reasons_not_targetable: state.reasonsNotTargetable,
      audience_size: state.size,
      permission_level: 'READ_WRITE',
      owner_account_id: ca.accountId,
      partner_source: 'OTHER',
      created_at: iso(ca.createdAt),
      updated_at: iso(ca.updatedAt),
      deleted: ca.deleted,
    };
  };
  const findLive = (accountId: string, id: unknown): CustomAudience => {
    const ca = store.customAudiences.get(accountId, String(id));
    if (!ca || ca.deleted) throw notFound('custom audience');
    return ca;
  };

  app.get(base, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const ids = list(params, 'custom_audience_ids', { max: 200 });
    const q = str(params, 'q')?.toLowerCase();
    const withDeleted = bool(params, 'with_deleted', false);
    const items = store.customAudiences
      .list(account.id)
      .filter((ca) => (withDeleted || !ca.deleted) && (ids.length === 0 || ids.includes(ca.id)))
      .filter((ca) => !q || ca.name.toLowerCase().includes(q));
    return page(request, items, wire);
  });

  app.get(`${base}/:custom_audience_id`, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const ca = store.customAudiences.get(account.id, String(params.custom_audience_id));
    if (!ca || (ca.deleted && !bool(params, 'with_deleted', false))) throw notFound('custom audience');
    return one(request, wire(ca));
  });

  app.post(base, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const now = ctx.platform.now();
    const ca = store.customAudiences.add({
      id: store.nextId('custom_audience'),
      accountId: account.id,
      name: str(params, 'name', { required: true, max: 255 })!,
      description: str(params, 'description', { max: 255 }) ?? '',
      createdAt: now,
      updatedAt: now,
      deleted: false,
      members: new Map(),
      // Nothing to process until the first upload.
      processingUntil: now,
    });
    store.touch();
    return one(request, wire(ca));
  });

  app.put(`${base}/:custom_audience_id`, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const ca = findLive(account.id, params.custom_audience_id);
    ca.name = str(params, 'name', { max: 255 }) ?? ca.name;
    ca.description = str(params, 'description', { max: 255 }) ?? ca.description;
    ca.updatedAt = ctx.platform.now();
    return one(request, wire(ca));
  });

  app.delete(`${base}/:custom_audience_id`, (request) => {
    const account = ownedAccount(ctx, request);
    const ca = findLive(account.id, paramsOf(request).custom_audience_id);
    ca.deleted = true;
    ca.updatedAt = ctx.platform.now();
    store.touch();
    return one(request, wire(ca));
  });

  // X's batch upload: Update adds matched users, Delete removes them; processing restarts.
  app.post(`${base}/:custom_audience_id/users`, { bodyLimit: USERS_BODY_LIMIT }, (request) => {
    const account = ownedAccount(ctx, request);
    const ca = findLive(account.id, paramsOf(request).custom_audience_id);
    const operations = parseOperations(request.body);
    const result = applyOperations(
      ca,
      operations,
      identifiers,
      ctx.platform.now(),
      ctx.platform.processingSeconds,
    );
    store.touch();
    return one(request, { success_count: result.successCount, total_count: result.totalCount });
  });
}
