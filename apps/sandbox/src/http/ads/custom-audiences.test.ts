import { afterAll, describe, expect, it } from 'vitest';
import { hashIdentifier, sandboxEmail, sha256Hex } from '../../ads/identifiers';
import { adsTestKit } from './test-kit';

const kit = await adsTestKit({ processingSeconds: 3600 });
afterAll(() => kit.app.close());

const owner = kit.advertisers[0]!;
const account = kit.platform.store.accountsOf(owner)[0]!;
const base = `/accounts/${account.id}/custom_audiences`;
const { handles, ids } = kit.network.accounts;

const create = async (name: string): Promise<string> =>
  (await kit.call(owner, { method: 'POST', url: base, payload: { name, description: 'CRM export' } })).json()
    .data.id;
const upload = (audienceId: string, operations: object) =>
  kit.call(owner, { method: 'POST', url: `${base}/${audienceId}/users`, payload: operations });
const read = async (audienceId: string) =>
  (await kit.call(owner, { method: 'GET', url: `${base}/${audienceId}` })).json().data;
const update = (users: object[], extra: object = {}) => [
  { operation_type: 'Update', params: { ...extra, users } },
];

/** Accounts 0–59 by handle ("@Name", mixed case, as exported), 60–119 by e-mail, 120–149 by user id. */
const users = [
  ...Array.from({ length: 60 }, (_, i) => ({
    handle: [hashIdentifier('handle', ` @${handles[i]!.toUpperCase()} `)],
  })),
  ...Array.from({ length: 60 }, (_, i) => ({
    email: [hashIdentifier('email', sandboxEmail(handles[60 + i]!).toUpperCase())],
  })),
  ...Array.from({ length: 30 }, (_, i) => ({ twitter_id: [sha256Hex(ids[120 + i]!.toString())] })),
];

describe('custom audiences', () => {
  it('matches hashed handles, e-mails and user ids against sandbox accounts', async () => {
    const id = await create('Customers');
    expect(await read(id)).toMatchObject({
      name: 'Customers',
      description: 'CRM export',
      audience_size: 0,
      targetable: false,
    });
    const unmatched = { email: [sha256Hex('nobody@example.com')] };
    const response = await upload(id, update([...users, unmatched, { email: ['not-a-hash'] }]));
    expect(response.statusCode).toBe(200);
    // Well-formed hashes count as received, whether or not they match; the malformed one does not.
    expect(response.json().data).toEqual({ success_count: 151, total_count: 152 });
    expect((await read(id)).audience_size).toBe(150);
  });

  it('becomes targetable only after processing and with at least 100 matched users', async () => {
    const big = await create('Big');
    const small = await create('Small');
    await upload(big, update(users.slice(0, 120)));
    await upload(small, update(users.slice(0, 99)));
    expect(await read(big)).toMatchObject({
      targetable: false,
      reasons_not_targetable: ['PROCESSING'],
      audience_size: 120,
    });
    expect((await read(small)).reasons_not_targetable).toEqual(['PROCESSING', 'TOO_SMALL']);
    kit.clock.now += 3599;
    expect((await read(big)).targetable).toBe(false);
    kit.clock.now += 1;
    expect(await read(big)).toMatchObject({
      targetable: true,
      reasons_not_targetable: [],
      targetable_types: ['CRM'],
    });
    expect(await read(small)).toMatchObject({ targetable: false, reasons_not_targetable: ['TOO_SMALL'] });
    // A new upload restarts processing.
    await upload(big, update(users.slice(120, 121)));
    expect((await read(big)).reasons_not_targetable).toEqual(['PROCESSING']);
  });

  it('removes users with Delete operations and honours expires_at', async () => {
    const id = await create('Churn');
    await upload(id, update(users.slice(0, 110)));
    const removal = await upload(id, [{ operation_type: 'Delete', params: { users: users.slice(0, 20) } }]);
    expect(removal.json().data).toEqual({ success_count: 20, total_count: 20 });
    expect((await read(id)).audience_size).toBe(90);
    const expiry = new Date((kit.clock.now + 60) * 1000).toISOString();
    await upload(id, update(users.slice(110, 130), { expires_at: expiry }));
    expect((await read(id)).audience_size).toBe(110);
    kit.clock.now += 60;
    expect((await read(id)).audience_size).toBe(90);
  });

  it('limits batches like X and validates operations', async () => {
    const id = await create('Limits');
    const tooMany = Array.from({ length: 2501 }, () => users[0]!);
    const response = await upload(id, update(tooMany));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]!).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'users' });
    expect(
      (await upload(id, [{ operation_type: 'Replace', params: { users } }])).json().errors[0]!.parameter,
    ).toBe('operation_type');
    expect((await upload(id, { users })).statusCode).toBe(400);
  });

  it('lists, renames and deletes audiences', async () => {
    const id = await create('To delete');
    const renamed = await kit.call(owner, {
      method: 'PUT',
      url: `${base}/${id}`,
      payload: { name: 'Renamed' },
    });
    expect(renamed.json().data.name).toBe('Renamed');
    expect(
      (await kit.call(owner, { method: 'GET', url: `${base}?q=renamed` }))
        .json()
        .data.map((c: { id: string }) => c.id),
    ).toEqual([id]);
    const deleted = await kit.call(owner, { method: 'DELETE', url: `${base}/${id}` });
    expect(deleted.json().data.deleted).toBe(true);
    expect((await kit.call(owner, { method: 'GET', url: `${base}/${id}` })).statusCode).toBe(404);
    const other = kit.advertisers[1]!;
    const foreign = await kit.call(other, { method: 'GET', url: `${base}` });
    expect(foreign.statusCode).toBe(403);
  });
});
