import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { seedAdAccounts } from '../../test/seed';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { anyNumber, anyString } from '../../test/matchers';

let t: TestApp;
let admin: TestSession;
let member: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@example.com');
  member = await t.signIn('member@example.com');
});
afterAll(() => t.close());

type TeamBody = { id: number; slug: string; name: string; member_count: number };
const createTeam = (session: TestSession, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/teams/', headers: session.tokenAuth, payload });

/** Adds `who` to the team as a plain member through a real invitation. */
async function join(team: TeamBody, who: TestSession) {
  const email = who.user.email;
  await t.app.inject({
    method: 'POST',
    url: `/api/teams/${team.id}/invites/`,
    headers: admin.tokenAuth,
    payload: { emails: [email] },
  });
  const code = /code=([\w-]+)/.exec(t.mailer.last(email).text)![1]!;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${team.id}/invites/accept/`,
    headers: who.tokenAuth,
    payload: { code },
  });
  expect(res.statusCode).toBe(200);
}

describe('creating teams', () => {
  it('makes the creator admin and derives the slug from the name', async () => {
    const res = await createTeam(admin, { name: 'Acme Ads' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: anyNumber,
      name: 'Acme Ads',
      slug: 'acme-ads',
      logo: null,
      member_count: 1,
      invoice_email: null,
      country: null,
      invoice_name: null,
      subscriptions: [],
    });
    const members = await t.app.inject({ url: '/api/teams/acme-ads/members/', headers: admin.tokenAuth });
    expect(members.json()).toEqual([
      {
        id: anyNumber,
        level: 'admin',
        user: { id: admin.user.id, email: 'admin@example.com', first_name: '', last_name: '' },
        joined: anyString,
        last_login: anyString,
      },
    ]);
  });

  it('suffixes -2, -3 … to keep slugs unique', async () => {
    const second = await createTeam(member, { name: 'Acme Ads' });
    const third = await createTeam(admin, { name: 'acme ads!' });
    expect(second.json<TeamBody>().slug).toBe('acme-ads-2');
    expect(third.json<TeamBody>().slug).toBe('acme-ads-3');
  });

  it('keeps parallel creations with the same name apart', async () => {
    const results = await Promise.all([1, 2, 3].map(() => createTeam(admin, { name: 'Rush Hour' })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(results.map((r) => r.json<TeamBody>().slug).sort()).toEqual([
      'rush-hour',
      'rush-hour-2',
      'rush-hour-3',
    ]);
  });

  it('accepts a chosen slug and refuses a taken or all-digit one', async () => {
    expect((await createTeam(admin, { name: 'Chosen', slug: 'My-Pick' })).json<TeamBody>().slug).toBe(
      'my-pick',
    );
    const taken = await createTeam(member, { name: 'Other', slug: 'my-pick' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ slug: ['A team with this slug already exists'] });
    const digits = await createTeam(member, { name: 'Numbers', slug: '123' });
    expect(digits.json()).toEqual({ slug: ['Slug must contain at least one letter'] });
    const bad = await createTeam(member, { name: 'Bad', slug: 'no spaces!' });
    expect(Object.keys(bad.json<object>())).toEqual(['slug']);
  });

  it('keeps team slugs off the dashboard’s own routes (SPEC §2 /:teamId/)', async () => {
    const derived = await createTeam(admin, { name: 'Welcome' });
    expect(derived.json<TeamBody>().slug).toBe('welcome-2');
    const chosen = await createTeam(admin, { name: 'Login team', slug: 'login' });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json()).toEqual({ slug: ['This slug is reserved; choose another one'] });
    // The public audience store is /store (deviation 11).
    expect((await createTeam(admin, { name: 'Store' })).json<TeamBody>().slug).toBe('store-2');
    expect((await createTeam(admin, { name: 'Mine', slug: 'store' })).statusCode).toBe(400);
  });

  it('validates the name', async () => {
    const res = await createTeam(admin, { name: 'A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['Name must be at least 2 characters'] });
    expect((await createTeam(admin, {})).json()).toEqual({ name: ['This field is required.'] });
  });

  it('grants the creator’s chosen ad accounts to the new team, and only their own', async () => {
    await seedAdAccounts(t.db, admin.user.id, [{ id: 'adm-1', name: 'Admin Ads' }]);
    const refused = await createTeam(admin, {
      name: 'Not mine',
      accounts: [{ account_id: 'other-1', network: 'twitter' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      accounts: ['You do not have access to the twitter ad account other-1.'],
    });
    expect(
      (await t.app.inject({ url: '/api/teams/', headers: admin.tokenAuth }))
        .json<TeamBody[]>()
        .map((x) => x.name),
    ).not.toContain('Not mine');

    const res = await createTeam(admin, {
      name: 'With Accounts',
      accounts: [{ account_id: 'adm-1', network: 'twitter' }],
    });
    expect(res.statusCode).toBe(201);
    const accounts = await t.app.inject({
      url: '/api/teams/with-accounts/accounts/',
      headers: admin.tokenAuth,
    });
    expect(accounts.json()).toEqual([
      {
        id: anyNumber,
        member: anyNumber,
        account: { account_id: 'adm-1', network: 'twitter' },
        // Named as the granting member's X account names it, for members who cannot see that list.
        name: 'Admin Ads',
      },
    ]);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/teams/', payload: { name: 'Anon' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('reading and changing teams', () => {
  let team: TeamBody;
  beforeAll(async () => {
    team = (await createTeam(admin, { name: 'Settings Co' })).json<TeamBody>();
    await join(team, member);
  });

  it('lists only the teams of the user', async () => {
    const names = (await t.app.inject({ url: '/api/teams/', headers: member.tokenAuth }))
      .json<TeamBody[]>()
      .map((x) => x.name);
    expect(names).toContain('Settings Co');
    expect(names).not.toContain('Chosen');
  });

  it('finds the team by slug or id, for members', async () => {
    for (const ref of [team.slug, String(team.id), team.slug.toUpperCase()]) {
      const res = await t.app.inject({ url: `/api/teams/${ref}/`, headers: member.tokenAuth });
      expect(res.statusCode, ref).toBe(200);
      expect(res.json()).toMatchObject({ id: team.id, member_count: 2 });
    }
  });

  it('answers 404 for unknown teams and malformed references', async () => {
    for (const ref of ['no-such-team', '999999', '99999999999', '%20', 'a'.repeat(101)]) {
      const res = await t.app.inject({ url: `/api/teams/${ref}/`, headers: admin.tokenAuth });
      expect(res.statusCode, ref).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('lets admins PATCH some fields and PUT all of them', async () => {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/${team.slug}/`,
      headers: admin.cookieAuth,
      payload: { invoice_email: 'Billing@Settings.example', country: 'JP' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Settings Co',
      invoice_email: 'billing@settings.example',
      country: 'JP',
      slug: team.slug,
    });

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${team.id}/`,
      headers: admin.tokenAuth,
      payload: {
        name: 'Settings Company',
        logo: 'https://cdn.example/logo.png',
        invoice_email: '',
        country: 'JP',
        invoice_name: '株式会社セッティングス',
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Settings Company',
      slug: team.slug,
      logo: 'https://cdn.example/logo.png',
      invoice_email: null,
      invoice_name: '株式会社セッティングス',
    });
  });

  it('refuses incomplete PUTs and invalid values with field errors', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${team.id}/`,
      headers: admin.tokenAuth,
      payload: { name: 'Only name' },
    });
    expect(put.statusCode).toBe(400);
    expect(Object.keys(put.json<object>()).sort()).toEqual([
      'country',
      'invoice_email',
      'invoice_name',
      'logo',
    ]);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/${team.id}/`,
      headers: admin.tokenAuth,
      payload: { invoice_email: 'nope' },
    });
    expect(patch.json()).toEqual({ invoice_email: ['Please enter a valid email address'] });
    expect(
      (await t.app.inject({ url: `/api/teams/${team.id}/`, headers: admin.tokenAuth })).json(),
    ).toMatchObject({ name: 'Settings Company' });
  });

  it('answers plain members’ writes with 403 and changes nothing', async () => {
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/teams/${team.slug}/`,
        headers: member.tokenAuth,
        payload: {
          name: 'Member Was Here',
          logo: null,
          invoice_email: null,
          country: null,
          invoice_name: null,
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    expect(
      (await t.app.inject({ url: `/api/teams/${team.id}/`, headers: admin.tokenAuth })).json(),
    ).toMatchObject({ name: 'Settings Company' });
  });

  it('lists members with level, joined and last login', async () => {
    const res = await t.app.inject({ url: `/api/teams/${team.id}/members/`, headers: member.tokenAuth });
    expect(
      res.json<{ level: string; user: { email: string } }[]>().map((m) => [m.user.email, m.level]),
    ).toEqual([
      ['admin@example.com', 'admin'],
      ['member@example.com', 'member'],
    ]);
  });

  it('shows subscriptions latest first (SPEC §3, §6)', async () => {
    await t.db.insert(subscriptions).values([
      { teamId: team.id, start: new Date('2025-01-01T00:00:00Z'), active: false, planName: 'Starter' },
      { teamId: team.id, start: new Date('2026-01-01T00:00:00Z'), active: true, planName: 'Enterprise' },
    ]);
    const res = await t.app.inject({ url: `/api/teams/${team.slug}/`, headers: member.tokenAuth });
    expect(res.json<{ subscriptions: unknown[] }>().subscriptions).toEqual([
      { start: '2026-01-01T00:00:00.000Z', active: true, plan: { name: 'Enterprise' } },
      { start: '2025-01-01T00:00:00.000Z', active: false, plan: { name: 'Starter' } },
    ]);
  });
});

describe('GET /api/teaminfo/{slug}/', () => {
  it('is public and shows only id, name, slug and logo', async () => {
    const res = await t.app.inject({ url: '/api/teaminfo/acme-ads/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: anyNumber, name: 'Acme Ads', slug: 'acme-ads', logo: null });
  });

  it('answers 404 when there is no such team (SPEC §8: "no team")', async () => {
    for (const slug of ['nobody-here', '1', 'bad slug']) {
      const res = await t.app.inject({ url: `/api/teaminfo/${encodeURIComponent(slug)}/` });
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});
