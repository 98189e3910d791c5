import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdAccounts } from '../../test/seed';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { anyString } from '../../test/matchers';

/**
 * The tenancy guarantee: nobody outside team B can read or change anything of B through any team
 * route, whatever their role in their own team, whether B is named by slug or by id. The routes come
 * from the OpenAPI document, so a team route added later is covered (or fails here until it is).
 */

let t: TestApp;
const users: Record<'aAdmin' | 'aMember' | 'bAdmin' | 'bMember', TestSession> = {} as never;
const teams: Record<'a' | 'b', { id: number; slug: string }> = {} as never;
let attackerCodeForA = '';
/** The ids of B's rows that the routes with a second path value name (an admin's membership, an open invitation). */
const inB = { member_id: 0, invite_id: 0, id: 1 };
/** A route path with team B's reference first and B's own rows after it. */
const urlOf = (path: string, ref: string) => {
  let first = true;
  return path.replace(/\{([a-z_]+)\}/g, (_m, name: string) => {
    if (first) return ((first = false), ref);
    return String(inB[name as keyof typeof inB]);
  });
};

/** A valid body for every team route, so that a refusal cannot be a mere validation error. */
const BODIES: Record<string, object | undefined> = {
  'GET /api/teams/{slug}/': undefined,
  'PUT /api/teams/{slug}/': {
    name: 'Taken over',
    logo: null,
    invoice_email: 'evil@example.com',
    country: 'XX',
    invoice_name: 'Evil',
  },
  'PATCH /api/teams/{slug}/': { name: 'Taken over' },
  'GET /api/teams/{slug}/members/': undefined,
  'GET /api/teams/{slug}/accounts/': undefined,
  'GET /api/teams/{slug}/events/': undefined,
  'DELETE /api/teams/{slug}/': { name: 'Team B' },
  'POST /api/teams/{slug}/leave/': undefined,
  'POST /api/teams/{slug}/transfer/': { member: 1 },
  'PATCH /api/teams/{slug}/members/{member_id}/': { level: 'member' },
  'DELETE /api/teams/{slug}/members/{member_id}/': undefined,
  'GET /api/teams/{team_id}/invites/': undefined,
  'POST /api/teams/{team_id}/invites/': { emails: ['accomplice@example.com'], message: 'let me in' },
  'DELETE /api/teams/{team_id}/invites/{invite_id}/': undefined,
  'POST /api/teams/{team_id}/invites/{invite_id}/resend/': undefined,
  'POST /api/teams/{team_id}/invites/accept/': { code: 'guessed-invitation-code' },
  'GET /api/teams/{team_id}/report-schedule/': undefined,
  'PUT /api/teams/{team_id}/report-schedule/': {
    frequency: 'weekly',
    day: 1,
    hour: 9,
    time_zone: 'UTC',
    language: 'en',
    recipients: ['evil@example.com'],
    brand_colour: '#000000',
    logo_media: null,
  },
  'DELETE /api/teams/{team_id}/report-schedule/': undefined,
  'POST /api/teams/{team_id}/report-schedule/send/': undefined,
  'GET /api/teams/{slug}/sso/': undefined,
  'PUT /api/teams/{slug}/sso/': {
    enabled: true,
    issuer: 'https://idp.evil.example',
    client_id: 'evil',
    client_secret: 'evil-secret',
    domains: ['evil.example'],
    level: 'admin',
  },
  'GET /api/teams/{slug}/audit-log/': undefined,
  'GET /api/teams/{slug}/audit-log.csv': undefined,
  // API access (modules/api-access): `{id}` is any key or endpoint id; the team check comes first.
  'GET /api/teams/{slug}/api-keys/': undefined,
  'POST /api/teams/{slug}/api-keys/': { name: 'stolen', scopes: ['audiences:read'] },
  'DELETE /api/teams/{slug}/api-keys/{id}/': undefined,
  'GET /api/teams/{slug}/webhooks/': undefined,
  'POST /api/teams/{slug}/webhooks/': { url: 'https://evil.example/hook', events: ['audience.saved'] },
  'DELETE /api/teams/{slug}/webhooks/{id}/': undefined,
  'GET /api/teams/{slug}/webhooks/{id}/deliveries/': undefined,
  'POST /api/teams/{slug}/webhooks/{id}/test/': undefined,
};

async function invite(admin: TestSession, teamId: number, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/invites/`,
    headers: admin.tokenAuth,
    payload: { emails: [email] },
  });
  expect(res.statusCode).toBe(201);
  return /code=([\w-]+)/.exec(t.mailer.last(email).text)![1]!;
}

async function snapshotOfB() {
  const headers = users.bAdmin.tokenAuth;
  const get = async (url: string) => (await t.app.inject({ url, headers })).json<unknown>();
  return {
    team: await get(`/api/teams/${teams.b.id}/`),
    members: await get(`/api/teams/${teams.b.id}/members/`),
    accounts: await get(`/api/teams/${teams.b.id}/accounts/`),
    invites: await get(`/api/teams/${teams.b.id}/invites/`),
    mails: t.mailer.sent.filter((m) => m.to === 'accomplice@example.com').length,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, email] of [
    ['aAdmin', 'a-admin@example.com'],
    ['aMember', 'a-member@example.com'],
    ['bAdmin', 'b-admin@example.com'],
    ['bMember', 'b-member@example.com'],
  ] as const) {
    users[key] = await t.signIn(email);
  }
  for (const [key, admin, name] of [
    ['a', users.aAdmin, 'Team A'],
    ['b', users.bAdmin, 'Team B'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: admin.tokenAuth,
      payload: { name },
    });
    teams[key] = res.json();
  }
  await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teams.a.id}/invites/accept/`,
    headers: users.aMember.tokenAuth,
    payload: { code: await invite(users.aAdmin, teams.a.id, 'a-member@example.com') },
  });
  await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teams.b.id}/invites/accept/`,
    headers: users.bMember.tokenAuth,
    payload: { code: await invite(users.bAdmin, teams.b.id, 'b-member@example.com') },
  });
  // B has data worth protecting: a granted ad account and an open invitation.
  await seedAdAccounts(t.db, users.bAdmin.user.id, [{ id: 'b-ads', name: 'B Ads' }]);
  const bAdminMembership = (
    await t.app.inject({ url: '/api/user/me/', headers: users.bAdmin.tokenAuth })
  ).json<{
    memberships: { id: number }[];
  }>().memberships[0]!.id;
  await t.app.inject({
    method: 'POST',
    url: '/api/user/granted-accounts/',
    headers: users.bAdmin.tokenAuth,
    payload: { member: bAdminMembership, account: { account_id: 'b-ads', network: 'twitter' } },
  });
  await invite(users.bAdmin, teams.b.id, 'b-future@example.com');
  inB.member_id = bAdminMembership;
  inB.invite_id = (
    await t.app.inject({ url: `/api/teams/${teams.b.id}/invites/`, headers: users.bAdmin.tokenAuth })
  )
    .json<{ id: number; email: string }[]>()
    .find((i) => i.email === 'b-future@example.com')!.id;
  // A valid, unused code of team A in the attacker's hands must not open team B either.
  attackerCodeForA = await invite(users.aAdmin, teams.a.id, 'a-spare@example.com');
});
afterAll(() => t.close());

async function teamRoutes(): Promise<{ method: string; path: string }[]> {
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/teams/{'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
    );
}

describe('team isolation', () => {
  it('knows a valid body for every team route in the OpenAPI document', async () => {
    const routes = await teamRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(BODIES).length);
    for (const { method, path } of routes)
      expect(Object.keys(BODIES), `${method} ${path}`).toContain(`${method} ${path}`);
  });

  it.each([
    ['a plain member of A', 'aMember'],
    ['an admin of A', 'aAdmin'],
  ] as const)('%s gets 403 or 404 on every route of team B, by slug and by id', async (_who, key) => {
    const attacker = users[key];
    const before = await snapshotOfB();
    const routes = await teamRoutes();
    for (const { method, path } of routes) {
      for (const ref of [teams.b.slug, String(teams.b.id)]) {
        for (const headers of [attacker.tokenAuth, attacker.cookieAuth]) {
          const url = urlOf(path, ref);
          const payload = BODIES[`${method} ${path}`];
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers,
            ...(payload && { payload }),
          });
          expect([403, 404], `${method} ${url}`).toContain(res.statusCode);
          expect(res.json(), `${method} ${url}`).toEqual({ detail: anyString });
          expect(JSON.stringify(res.json())).not.toContain('Team B');
        }
      }
    }
    const attempt = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${teams.b.id}/invites/accept/`,
      headers: attacker.tokenAuth,
      payload: { code: attackerCodeForA },
    });
    expect(attempt.statusCode).toBe(404);

    expect(await snapshotOfB()).toEqual(before);
    const listed = (await t.app.inject({ url: '/api/teams/', headers: attacker.tokenAuth })).json<
      { id: number }[]
    >();
    expect(listed.map((team) => team.id)).not.toContain(teams.b.id);
    const me = (await t.app.inject({ url: '/api/user/me/', headers: attacker.tokenAuth })).json<{
      memberships: { team: { id: number } }[];
    }>();
    expect(me.memberships.map((m) => m.team.id)).toEqual([teams.a.id]);
  });

  it('answers a team that exists and one that does not in the same way', async () => {
    const attacker = users.aMember;
    const existing = await t.app.inject({ url: `/api/teams/${teams.b.slug}/`, headers: attacker.tokenAuth });
    const missing = await t.app.inject({ url: '/api/teams/no-such-team/', headers: attacker.tokenAuth });
    expect([existing.statusCode, existing.json()]).toEqual([missing.statusCode, missing.json()]);
  });

  it('a plain member of B may read B but gets 403 on its writes', async () => {
    const member = users.bMember;
    const before = await snapshotOfB();
    for (const { method, path } of await teamRoutes()) {
      // Accepting an invitation and leaving are every member's own; the rest is for admins.
      if (method === 'GET' || path.endsWith('/accept/') || path.endsWith('/leave/')) continue;
      const res = await t.app.inject({
        method: method as 'POST',
        url: urlOf(path, teams.b.slug),
        headers: member.tokenAuth,
        payload: BODIES[`${method} ${path}`]!,
      });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await snapshotOfB()).toEqual(before);
  });
});
