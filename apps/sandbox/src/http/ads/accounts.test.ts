import { afterAll, describe, expect, it } from 'vitest';
import { createAdsPlatform } from '../../ads/platform';
import { adsTestKit, type AdsBody } from './test-kit';

const kit = await adsTestKit();
afterAll(() => kit.app.close());

const [owner, other] = kit.advertisers as [number, number];
const ownAccounts = kit.platform.store.accountsOf(owner);
// Someone without seeded ad accounts: the first ordinary person.
const person = kit.network.accounts.kind.findIndex((k) => k === 0);

describe('Ads API accounts and ownership', () => {
  it('seeds ad accounts for brands and creators, deterministically', () => {
    expect(ownAccounts.length).toBeGreaterThanOrEqual(1);
    const again = createAdsPlatform({ network: kit.network });
    expect(again.store.accountsOf(owner)).toEqual(ownAccounts);
    expect(ownAccounts[0]!.id).toMatch(/^[0-9a-z]{11}$/);
  });

  it('lists only the caller’s ad accounts in the X envelope', async () => {
    const response = await kit.call(owner, { method: 'GET', url: '/accounts' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      request: { params: {} },
      next_cursor: null,
      total_count: ownAccounts.length,
    });
    expect(body.data.map((a: { id: string }) => a.id)).toEqual(ownAccounts.map((a) => a.id));
    expect(body.data[0]!).toMatchObject({ timezone: 'Etc/UTC', approval_status: 'ACCEPTED', deleted: false });
    expect(body.data[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('paginates with count and cursor', async () => {
    const created = await kit.call(owner, { method: 'POST', url: '/accounts', payload: { name: 'Extra' } });
    expect(created.statusCode).toBe(200);
    const all = kit.platform.store.accountsOf(owner).map((a) => a.id);
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = (
        await kit.call(owner, { method: 'GET', url: `/accounts?count=1${cursor ? `&cursor=${cursor}` : ''}` })
      ).json();
      seen.push(...page.data.map((a: { id: string }) => a.id));
      cursor = page.next_cursor ?? '';
    } while (cursor);
    expect(seen).toEqual(all);
    const bad = await kit.call(owner, { method: 'GET', url: '/accounts?count=0' });
    expect(bad.json().errors[0]!).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'count' });
  });

  it('answers 401 without credentials and with a forged token', async () => {
    const none = await kit.app.inject({ method: 'GET', url: '/ads/12/accounts' });
    expect(none.statusCode).toBe(401);
    expect(none.json<AdsBody>().errors[0]!.code).toBe('UNAUTHORIZED_ACCESS');
    const userId = kit.network.accounts.ids[owner]!.toString();
    const forged = await kit.app.inject({
      method: 'GET',
      url: '/ads/12/accounts',
      headers: { authorization: `Bearer sandbox-ads-${userId}-0000000000000000` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('hides other users’ ad accounts: 403 for theirs, 404 for unknown ids', async () => {
    const mine = ownAccounts[0]!.id;
    expect((await kit.call(owner, { method: 'GET', url: `/accounts/${mine}` })).json().data.id).toBe(mine);
    const theirs = await kit.call(other, { method: 'GET', url: `/accounts/${mine}` });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({
      errors: [{ code: 'UNAUTHORIZED_ACCESS' }],
      request: { params: { account_id: mine } },
    });
    const campaigns = await kit.call(other, { method: 'GET', url: `/accounts/${mine}/campaigns` });
    expect(campaigns.statusCode).toBe(403);
    const unknown = await kit.call(owner, { method: 'GET', url: '/accounts/zzzzzzzzzzz' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]!.code).toBe('NOT_FOUND');
  });

  it('opens a sandbox ad account with one funding instrument in the owner’s currency (POST /accounts)', async () => {
    const response = await kit.call(person, {
      method: 'POST',
      url: '/accounts',
      payload: 'name=My+first+ads',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    const account = response.json().data;
    expect(account.name).toBe('My first ads');
    const instruments = (
      await kit.call(person, { method: 'GET', url: `/accounts/${account.id}/funding_instruments` })
    ).json();
    expect(instruments.data).toHaveLength(1);
    expect(instruments.data[0]!).toMatchObject({
      account_id: account.id,
      type: 'CREDIT_CARD',
      currency: account.currency,
      able_to_fund: true,
    });
    const one = await kit.call(person, {
      method: 'GET',
      url: `/accounts/${account.id}/funding_instruments/${instruments.data[0]!.id}`,
    });
    expect(one.statusCode).toBe(200);
    expect((await kit.call(owner, { method: 'GET', url: `/accounts/${account.id}` })).statusCode).toBe(403);
  });

  it('answers unknown routes with ROUTE_NOT_FOUND', async () => {
    const response = await kit.call(owner, { method: 'GET', url: '/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0]!.code).toBe('ROUTE_NOT_FOUND');
  });
});
