import type { FastifyInstance } from 'fastify';
import { createAdAccount } from '../../ads/seed-accounts';
import type { AdAccount, FundingInstrument } from '../../ads/types';
import { hex64 } from '../../random/hash';
import { ownedAccount, userOf } from './auth';
import type { AdsContext } from './context';
import { notFound } from './errors';
import { one, page } from './envelope';
import { bool, iso, list, paramsOf, str } from './params';

/** Sandbox ad accounts report times in UTC, so DAY stats buckets are UTC days. */
const TIMEZONE = 'Etc/UTC';

const accountWire = (a: AdAccount): object => ({
  id: a.id,
  name: a.name,
  business_id: null,
  business_name: null,
  timezone: TIMEZONE,
  timezone_switch_at: iso(a.createdAt),
  salt: hex64(`salt:${a.id}`) + hex64(`salt2:${a.id}`),
  approval_status: 'ACCEPTED',
  currency: a.currency,
  created_at: iso(a.createdAt),
  updated_at: iso(a.updatedAt),
  deleted: a.deleted,
});

const instrumentWire = (f: FundingInstrument): object => ({
  id: f.id,
  account_id: f.accountId,
  type: 'CREDIT_CARD',
  description: f.description,
  currency: f.currency,
  // X leaves credit figures empty for credit cards.
  credit_limit_local_micro: null,
  credit_remaining_local_micro: null,
  funded_amount_local_micro: null,
  able_to_fund: true,
  reasons_not_able_to_fund: [],
  entity_status: 'ACTIVE',
  cancelled: false,
  paused: false,
  io_header: null,
  start_time: iso(f.createdAt),
  end_time: null,
  created_at: iso(f.createdAt),
  updated_at: iso(f.createdAt),
  deleted: false,
});

export function registerAccountRoutes(app: FastifyInstance, ctx: AdsContext): void {
  const { store, network } = ctx.platform;

  app.get('/accounts', (request) => {
    const params = paramsOf(request);
    const ids = list(params, 'account_ids', { max: 200 });
    const q = str(params, 'q')?.toLowerCase();
    const withDeleted = bool(params, 'with_deleted', false);
    const accounts = store
      .accountsOf(userOf(request))
      .filter((a) => (withDeleted || !a.deleted) && (ids.length === 0 || ids.includes(a.id)))
      .filter((a) => !q || a.name.toLowerCase().includes(q));
    return page(request, accounts, accountWire);
  });

  app.get('/accounts/:account_id', (request) => one(request, accountWire(ownedAccount(ctx, request))));

  // Sandbox-only, as on X's sandbox ads environment: opens an ad account for the caller.
  app.post('/accounts', (request) => {
    const owner = userOf(request);
    const name =
      str(paramsOf(request), 'name', { max: 255 }) ?? `${network.accounts.names[owner]!} (sandbox)`;
    return one(request, accountWire(createAdAccount(store, network, owner, name, ctx.platform.now())));
  });

  app.get('/accounts/:account_id/funding_instruments', (request) => {
    const account = ownedAccount(ctx, request);
    const ids = list(paramsOf(request), 'funding_instrument_ids', { max: 200 });
    const items = store.fundingInstruments
      .list(account.id)
      .filter((f) => ids.length === 0 || ids.includes(f.id));
    return page(request, items, instrumentWire);
  });

  app.get('/accounts/:account_id/funding_instruments/:funding_instrument_id', (request) => {
    const account = ownedAccount(ctx, request);
    const item = store.fundingInstruments.get(account.id, String(paramsOf(request).funding_instrument_id));
    if (!item) throw notFound('funding instrument');
    return one(request, instrumentWire(item));
  });
}
