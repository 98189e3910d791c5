import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIENCE_CREATOR_GROUP,
  type ActivityList,
  type Metrics,
  type AudienceConfig,
  type SaveAudienceConfig,
} from '@murmur/core/api';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { seedGroup } from '../../test/seed';

let t: TestApp;
let ann: TestSession;
let bob: TestSession;
let eve: TestSession;
let team: { id: number; slug: string };

// Teams through real invitations and audiences through the API, as a user makes them.
const kit = {
  async createTeam(admin: TestSession, name: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: admin.tokenAuth,
      payload: { name },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number; slug: string }>();
  },
  async join(to: { id: number }, admin: TestSession, who: TestSession) {
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${to.id}/invites/`,
      headers: admin.tokenAuth,
      payload: { emails: [who.user.email] },
    });
    expect(invited.statusCode).toBe(201);
    const code = /code=([\w-]+)/.exec(t.mailer.last(who.user.email).text)![1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${to.id}/invites/accept/`,
      headers: who.tokenAuth,
      payload: { code },
    });
    expect(res.statusCode).toBe(200);
  },
  async createConfig(who: TestSession, body: SaveAudienceConfig) {
    await seedGroup(t.db, who.user.id, AUDIENCE_CREATOR_GROUP);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/audience-configs/',
      headers: who.tokenAuth,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AudienceConfig>();
  },
};

beforeAll(async () => {
  const network = await testNetwork();
  t = await createTestApp({}, { engine: network.holder });
  ann = await t.signIn('ann@example.com');
  bob = await t.signIn('bob@example.com');
  eve = await t.signIn('eve@example.com');
  team = await kit.createTeam(ann, 'Acme ads');
});
afterAll(() => t.close());

const feed = async (who: TestSession, query = '') => {
  const res = await t.app.inject({ url: `/api/teams/${team.slug}/events/${query}`, headers: who.tokenAuth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ActivityList>();
};
const kinds = (list: ActivityList) => list.results.map((e) => [e.kind, e.subject, e.user?.email ?? null]);

describe('the Activity feed (GET /api/teams/{slug}/events/)', () => {
  it("records the team's saves, deletions, invitations, team changes and members' sign-ins, newest first", async () => {
    await kit.join(team, ann, bob);
    const saved = await kit.createConfig(bob, {
      name: 'Soccer fans',
      team: team.slug,
      targeting_package: { interests: [{ label: 'Sports/Soccer' }] },
    });
    t.clock.advance(1000);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/audience-configs/${saved.id}/`,
      headers: bob.tokenAuth,
    });
    expect(removed.statusCode).toBe(204);
    t.clock.advance(1000);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/${team.slug}/`,
      headers: ann.tokenAuth,
      payload: { name: 'Acme advertising' },
    });
    expect(renamed.statusCode).toBe(200);
    // Someone else's personal audience and team do not show.
    await kit.createConfig(eve, {
      name: 'Eve only',
      targeting_package: { interests: [{ label: 'Sports/Soccer' }] },
    });
    await kit.createTeam(eve, 'Other team');

    const list = await feed(ann);
    expect(kinds(list)).toEqual(
      expect.arrayContaining([
        ['team_updated', 'name', 'ann@example.com'],
        ['audience_deleted', 'Soccer fans', 'bob@example.com'],
        ['audience_saved', 'Soccer fans', 'bob@example.com'],
        ['invite_accepted', 'Acme ads', 'bob@example.com'],
        ['member_invited', 'bob@example.com', 'ann@example.com'],
        ['signed_in', '', 'ann@example.com'],
        ['signed_in', '', 'bob@example.com'],
      ]),
    );
    expect(list.results.some((e) => e.user?.email === 'eve@example.com')).toBe(false);
    expect(list.results[0]?.kind).toBe('team_updated');
    expect(list.count).toBe(list.results.length);
  });

  it('filters by kind and pages', async () => {
    const saves = await feed(bob, '?kind=audience_saved');
    expect(kinds(saves)).toEqual([['audience_saved', 'Soccer fans', 'bob@example.com']]);
    const page = await feed(ann, '?limit=2&offset=1');
    expect(page.results).toHaveLength(2);
    expect(page.count).toBeGreaterThan(2);
  });

  it('does not record what failed', async () => {
    const before = (await feed(ann)).count;
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/${team.slug}/`,
      headers: bob.tokenAuth,
      payload: { name: 'Not an admin' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await feed(ann)).count).toBe(before);
  });

  it('is for members only (404 as for a missing team) and rejects bad queries with 400', async () => {
    const outsider = await t.app.inject({ url: `/api/teams/${team.slug}/events/`, headers: eve.tokenAuth });
    expect([outsider.statusCode, outsider.json()]).toEqual([404, { detail: 'Not found.' }]);
    const anonymous = await t.app.inject({ url: `/api/teams/${team.slug}/events/` });
    expect(anonymous.statusCode).toBe(403);
    const bad = await t.app.inject({
      url: `/api/teams/${team.slug}/events/?kind=nope`,
      headers: ann.tokenAuth,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<object>())).toEqual(['kind']);
  });
});

describe('GET /api/metrics/ (SPEC §7): the recorded activity counted per kind', () => {
  it("counts the team's entries in the recent window and in all, for members only", async () => {
    const get = (who: TestSession, query: string) =>
      t.app.inject({ url: `/api/metrics/?${query}`, headers: who.tokenAuth });
    const now = (await get(ann, `team=${team.slug}`)).json<Metrics>();
    expect(now.members).toBe(2);
    expect(now.counts).toEqual(
      expect.arrayContaining([
        { kind: 'audience_saved', recent: 1, total: 1 },
        { kind: 'member_invited', recent: 1, total: 1 },
      ]),
    );
    // 40 days on, nothing is recent any more; the totals stay. (The tokens of 40 days ago have
    // ended by then: personal tokens end after 30 idle days, so both sign in again.)
    t.clock.advance(40 * 24 * 60 * 60 * 1000);
    ann = await t.signIn(ann.user.email);
    eve = await t.signIn(eve.user.email);
    const later = (await get(ann, `team=${team.slug}&days=30`)).json<Metrics>();
    expect(later.counts.find((c) => c.kind === 'audience_saved')).toEqual({
      kind: 'audience_saved',
      recent: 0,
      total: 1,
    });
    expect((await get(eve, `team=${team.slug}`)).statusCode).toBe(404);
    expect((await get(ann, `team=${team.slug}&days=0`)).statusCode).toBe(400);
    expect((await get(ann, '')).statusCode).toBe(400);
  });
});
