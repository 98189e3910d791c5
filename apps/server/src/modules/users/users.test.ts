import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdAccounts, seedGroup } from '../../test/seed';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { anyNumber } from '../../test/matchers';

let t: TestApp;
let ann: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signIn('ann@example.com');
});
afterAll(() => t.close());

const me = (headers: Record<string, string> = ann.tokenAuth) =>
  t.app.inject({ url: '/api/user/me/', headers });
const putMe = (payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/user/me/', headers: ann.tokenAuth, payload: payload as object });

describe('GET /api/user/me/', () => {
  it('answers 403 when signed out (SPEC §4: the web app reads that as signed out)', async () => {
    const res = await me({});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('returns the SPEC §7 fields, groups and memberships included', async () => {
    await seedGroup(t.db, ann.user.id, 'Audience_creator');
    const team = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: ann.tokenAuth,
      payload: { name: 'Ann Co' },
    });
    const res = await me();
    expect(res.json()).toEqual({
      id: ann.user.id,
      email: 'ann@example.com',
      first_name: '',
      last_name: '',
      language: 'en',
      groups: [{ name: 'Audience_creator' }],
      social_accounts: [],
      memberships: [
        {
          id: anyNumber,
          level: 'admin',
          team: { id: team.json<{ id: number }>().id, name: 'Ann Co', slug: 'ann-co' },
        },
      ],
    });
  });
});

describe('PUT /api/user/me/', () => {
  it('saves the interface language (en|ja) and names', async () => {
    const res = await putMe({ language: 'ja', first_name: '  Ann ', last_name: 'Lee' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ language: 'ja', first_name: 'Ann', last_name: 'Lee' });
    expect((await me()).json()).toMatchObject({ language: 'ja', first_name: 'Ann' });
    // Back to English: the error messages the tests below read are in the user's language.
    expect((await putMe({ language: 'en' })).statusCode).toBe(200);
  });

  it.each([['fr'], ['EN'], [''], [3], [null]])(
    'rejects language %j with 400 and changes nothing',
    async (language) => {
      const before = (await me()).json<object>();
      const res = await putMe({ language, first_name: 'Changed' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<object>())).toEqual(['language']);
      expect((await me()).json()).toEqual(before);
    },
  );

  it('rejects names over 150 characters and non-object bodies', async () => {
    expect((await putMe({ first_name: 'x'.repeat(151) })).json()).toHaveProperty('first_name');
    const list = await putMe(['ja']);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ non_field_errors: ['Invalid data. Expected a JSON object.'] });
  });

  it('refuses NUL characters instead of failing in the database', async () => {
    const res = await putMe({ first_name: 'An\u0000n' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ first_name: ['Null characters are not allowed.'] });
  });
});

describe('ad accounts and granted accounts', () => {
  let teamId: number;
  let adminMembership: number;
  beforeAll(async () => {
    await seedAdAccounts(t.db, ann.user.id, [
      { id: '18ce54d4x5t', name: 'Ann Ads' },
      { id: 'act_99', name: 'Ann Meta', network: 'facebook' },
    ]);
    const team = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: ann.tokenAuth,
      payload: { name: 'Grants' },
    });
    teamId = team.json<{ id: number }>().id;
    const memberships = (await me()).json<{ memberships: { id: number; team: { id: number } }[] }>()
      .memberships;
    adminMembership = memberships.find((m) => m.team.id === teamId)!.id;
  });

  it('lists the user’s ad accounts as {id, name}', async () => {
    const res = await t.app.inject({ url: '/api/user/accounts/', headers: ann.tokenAuth });
    expect(res.json()).toEqual([
      { id: '18ce54d4x5t', name: 'Ann Ads' },
      { id: 'act_99', name: 'Ann Meta' },
    ]);
  });

  it('grants an own ad account to a team where the user is admin, once', async () => {
    const payload = { member: adminMembership, account: { account_id: '18ce54d4x5t', network: 'twitter' } };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/granted-accounts/',
      headers: ann.tokenAuth,
      payload,
    });
    expect(res.statusCode).toBe(201);
    const grant = res.json<{ id: number }>();
    expect(grant).toEqual({ id: anyNumber, ...payload });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/granted-accounts/',
      headers: ann.tokenAuth,
      payload,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(grant);

    const list = await t.app.inject({ url: '/api/user/granted-accounts/', headers: ann.tokenAuth });
    expect(list.json()).toEqual([grant]);
    const teamAccounts = await t.app.inject({
      url: `/api/teams/${teamId}/accounts/`,
      headers: ann.tokenAuth,
    });
    // The team's view names the account as its granting member's X account does.
    expect(teamAccounts.json()).toEqual([{ ...grant, name: 'Ann Ads' }]);
  });

  it('refuses an ad account the user cannot reach', async () => {
    const payload = { member: adminMembership, account: { account_id: 'someone-elses', network: 'twitter' } };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/granted-accounts/',
      headers: ann.tokenAuth,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ account: ['You do not have access to this ad account.'] });
  });

  it('cannot grant to someone else’s membership', async () => {
    const ben = await t.signIn('ben@example.com');
    await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: ben.tokenAuth,
      payload: { name: 'Ben Co' },
    });
    const benMembership = (await me(ben.tokenAuth)).json<{ memberships: { id: number }[] }>().memberships[0]!
      .id;
    for (const member of [benMembership, 2_147_483_647, 99_999_999_999]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/granted-accounts/',
        headers: ann.tokenAuth,
        payload: { member, account: { account_id: '18ce54d4x5t', network: 'twitter' } },
      });
      expect(res.statusCode, String(member)).toBe(400);
      expect(res.json()).toEqual({ member: ['Choose one of your own team memberships.'] });
    }
    const benTeamAccounts = await t.app.inject({
      url: '/api/teams/ben-co/accounts/',
      headers: ben.tokenAuth,
    });
    expect(benTeamAccounts.json()).toEqual([]);
  });

  it('only admins of the team can grant', async () => {
    // Ann joins Ben's team as a plain member through an invitation.
    const ben = await t.signIn('ben@example.com');
    await t.app.inject({
      method: 'POST',
      url: '/api/teams/ben-co/invites/',
      headers: ben.tokenAuth,
      payload: { emails: ['ann@example.com'] },
    });
    const code = /code=([\w-]+)/.exec(t.mailer.last('ann@example.com').text)![1]!;
    await t.app.inject({
      method: 'POST',
      url: '/api/teams/ben-co/invites/accept/',
      headers: ann.tokenAuth,
      payload: { code },
    });
    const memberships = (await me()).json<{
      memberships: { id: number; level: string; team: { slug: string } }[];
    }>().memberships;
    const plain = memberships.find((m) => m.team.slug === 'ben-co')!;
    expect(plain.level).toBe('member');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/granted-accounts/',
      headers: ann.tokenAuth,
      payload: { member: plain.id, account: { account_id: '18ce54d4x5t', network: 'twitter' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  });

  it('validates the account reference', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/granted-accounts/',
      headers: ann.tokenAuth,
      payload: { member: adminMembership, account: { account_id: '', network: 'myspace' } },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<object>())).toEqual(['account']);
  });

  it('withdraws own grants only (404 otherwise)', async () => {
    const [grant] = (await t.app.inject({ url: '/api/user/granted-accounts/', headers: ann.tokenAuth })).json<
      { id: number }[]
    >();
    const ben = await t.signIn('ben@example.com');
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/granted-accounts/${grant!.id}/`,
      headers: ben.tokenAuth,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.' });
    for (const pk of ['abc', '0', '99999999999']) {
      const bad = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/granted-accounts/${pk}/`,
        headers: ann.tokenAuth,
      });
      expect(bad.statusCode, pk).toBe(404);
    }
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/granted-accounts/${grant!.id}/`,
      headers: ann.tokenAuth,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const list = await t.app.inject({ url: '/api/user/granted-accounts/', headers: ann.tokenAuth });
    expect(list.json()).toEqual([]);
  });
});
