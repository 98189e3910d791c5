import { AUDIENCE_CREATOR_GROUP } from '@murmur/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceConfig, AudienceConfigList } from '@murmur/core/api';
import { ONLY_CREATOR_OR_ADMIN } from '../../lib/team-rule';
import { anyString } from '../../test/matchers';
import { seedGroup } from '../../test/seed';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { teamKit } from '../../test/team-kit';

/**
 * docs/API-AUDIENCES.md: a config belongs to its creator and, when made for a team, to that team's
 * members; everyone else gets 404 (never 403), and nothing of it changes.
 */

let t: TestApp;
const kit = teamKit(() => t);
let alice: TestSession; // admin of team A
let bob: TestSession; // member of team A
let carol: TestSession; // admin of team B
let dave: TestSession; // in no team
let teamA: { id: number; slug: string };
let teamB: { id: number; slug: string };
let personal: AudienceConfig; // Alice's own
let shared: AudienceConfig; // Alice's, for team A
const soccer = { interests: [{ label: 'Sports/Soccer' }] };

beforeAll(async () => {
  t = await createTestApp({}, { engine: (await testNetwork()).holder });
  [alice, bob, carol, dave] = (await Promise.all(
    ['alice', 'bob', 'carol', 'dave'].map((name) => t.signIn(`${name}@example.com`)),
  )) as [TestSession, TestSession, TestSession, TestSession];
  // Everyone may build and save audiences (SPEC §6 creator access), so what is checked here is whose.
  for (const who of [alice, bob, carol, dave]) await seedGroup(t.db, who.user.id, AUDIENCE_CREATOR_GROUP);
  teamA = await kit.createTeam(alice, 'Team A');
  teamB = await kit.createTeam(carol, 'Team B');
  await kit.join(teamA, alice, bob);
  personal = await kit.createConfig(alice, { name: 'Alice only', targeting_package: soccer });
  shared = await kit.createConfig(alice, {
    name: 'Team A audience',
    targeting_package: soccer,
    team: teamA.slug,
  });
});
afterAll(() => t.close());

const valid = { name: 'Taken over', targeting_package: { keywords: [{ label: 'thread' }] } };
/** Every route that names a config, with a valid body so that a refusal cannot be a validation error. */
const routes = (id: number) =>
  [
    ['GET', `/api/audience-configs/${id}/`, undefined],
    ['PUT', `/api/audience-configs/${id}/`, valid],
    ['DELETE', `/api/audience-configs/${id}/`, undefined],
    ['GET', `/api/external/audience-configs/${id}/targeting-package/`, undefined],
    ['POST', '/api/audience-configs/insights/', { audience_config_id: id }],
    [
      'POST',
      '/api/audience-configs/perspectives/',
      { a: { audience_config_id: id }, b: { targeting_package: soccer } },
    ],
    ['GET', `/api/audience-insight/${id}/`, undefined],
    ['GET', `/api/audience-insights/${id}/by_config/`, undefined],
    ['POST', '/api/build-audience/', { targeting_package: soccer, exclusions: [id] }],
    ['POST', '/api/audience-configs/', { ...valid, exclusions: [id] }],
  ] as const;

const call = (who: TestSession | undefined, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    ...(who && { headers: who.tokenAuth }),
    ...(payload && { payload }),
  });

const snapshot = async () => [
  (await call(alice, 'GET', `/api/audience-configs/${personal.id}/`)).json<unknown>(),
  (await call(alice, 'GET', `/api/audience-configs/${shared.id}/`)).json<unknown>(),
];

describe('audience config access', () => {
  it.each([
    ['someone in another team', () => carol],
    ['someone in no team', () => dave],
  ])('%s gets 404 on every route of both configs and changes nothing', async (_who, attacker) => {
    const before = await snapshot();
    for (const config of [personal, shared]) {
      for (const [method, url, payload] of routes(config.id)) {
        for (const headers of [attacker().tokenAuth, attacker().cookieAuth]) {
          const res = await t.app.inject({ method, url, headers, ...(payload && { payload }) });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json(), `${method} ${url}`).toEqual({ detail: 'Not found.' });
        }
      }
    }
    expect(await snapshot()).toEqual(before);
    const listed = await call(attacker(), 'GET', '/api/external/exclusion-audiences/');
    expect(listed.json()).toEqual({ results: [] });
  });

  it('a config that exists and one that does not look the same to an outsider', async () => {
    const existing = await call(carol, 'GET', `/api/audience-configs/${shared.id}/`);
    const missing = await call(carol, 'GET', '/api/audience-configs/2000000000/');
    expect([existing.statusCode, existing.json()]).toEqual([missing.statusCode, missing.json()]);
  });

  it("a team member reads and uses a teammate's team config but not their personal one", async () => {
    expect((await call(bob, 'GET', `/api/audience-configs/${shared.id}/`)).json()).toEqual(shared);
    const download = await call(bob, 'GET', `/api/external/audience-configs/${shared.id}/targeting-package/`);
    expect(download.statusCode).toBe(200);
    const insights = await call(bob, 'POST', '/api/audience-configs/insights/?wait=1', {
      audience_config_id: shared.id,
    });
    expect(insights.statusCode).toBe(200);
    const build = await call(bob, 'POST', '/api/build-audience/', {
      targeting_package: { languages: [{ label: 'English' }] },
      exclusions: [shared.id],
    });
    expect(build.statusCode).toBe(200);
    for (const [method, url, payload] of routes(personal.id)) {
      expect((await call(bob, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('a team member may change a team config; the creator stays the creator', async () => {
    const res = await call(bob, 'PUT', `/api/audience-configs/${shared.id}/`, {
      name: 'Renamed by Bob',
      targeting_package: soccer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed by Bob',
      team: { id: teamA.id, slug: teamA.slug, name: 'Team A' },
      created_by: { id: alice.user.id, email: 'alice@example.com', name: anyString },
    });
  });

  it('lists personal configs without ?team and the team’s with it; outsiders get 404 for the team', async () => {
    const ids = async (who: TestSession, query = '') =>
      (await call(who, 'GET', `/api/audience-configs/${query}`))
        .json<AudienceConfigList>()
        .results.map((c) => c.id);
    expect(await ids(alice)).toEqual([personal.id]);
    expect(await ids(bob)).toEqual([]);
    expect(await ids(bob, `?team=${teamA.slug}`)).toEqual([shared.id]);
    expect(await ids(alice, `?team=${teamA.id}`)).toEqual([shared.id]);
    for (const team of [teamA.slug, String(teamA.id)]) {
      const res = await call(carol, 'GET', `/api/audience-configs/?team=${team}`);
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Not found.' }]);
    }
  });

  it('nobody saves into a team they are not in, and nothing is written', async () => {
    const res = await call(alice, 'POST', '/api/audience-configs/', { ...valid, team: teamB.slug });
    expect(res.statusCode).toBe(404);
    const listed = await call(carol, 'GET', `/api/audience-configs/?team=${teamB.slug}`);
    expect(listed.json<AudienceConfigList>().count).toBe(0);
  });

  it('who may delete: a member only what they made, an admin anything in the team; the personal one stays', async () => {
    // Bob, a plain member, cannot delete Alice's team audience: 403 with who may, and it stays.
    const refused = await call(bob, 'DELETE', `/api/audience-configs/${shared.id}/`);
    expect([refused.statusCode, refused.json()]).toEqual([403, { detail: ONLY_CREATOR_OR_ADMIN }]);
    expect((await call(alice, 'GET', `/api/audience-configs/${shared.id}/`)).statusCode).toBe(200);
    // Bob deletes his own team audience.
    const bobs = await kit.createConfig(bob, { name: 'Bob’s', targeting_package: soccer, team: teamA.slug });
    expect((await call(bob, 'DELETE', `/api/audience-configs/${bobs.id}/`)).statusCode).toBe(204);
    // Alice, the admin, deletes Bob's and her own.
    const another = await kit.createConfig(bob, {
      name: 'Bob’s 2',
      targeting_package: soccer,
      team: teamA.slug,
    });
    expect((await call(alice, 'DELETE', `/api/audience-configs/${another.id}/`)).statusCode).toBe(204);
    expect((await call(bob, 'GET', `/api/audience-configs/${another.id}/`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/api/audience-configs/${shared.id}/`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/audience-configs/${shared.id}/`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', `/api/audience-configs/${personal.id}/`)).statusCode).toBe(200);
  });

  it.each(['targeting_list', 'saved_list'] as const)(
    'who may delete a team %s: the same rule as audiences',
    async (kind) => {
      const list = (who: TestSession, name: string) =>
        kit.createConfig(who, { name, kind, targeting_package: soccer, team: teamA.slug });
      const alices = await list(alice, `Alice’s ${kind}`);
      const refused = await call(bob, 'DELETE', `/api/audience-configs/${alices.id}/`);
      expect([refused.statusCode, refused.json()]).toEqual([403, { detail: ONLY_CREATOR_OR_ADMIN }]);
      expect((await call(bob, 'GET', `/api/audience-configs/${alices.id}/`)).json()).toMatchObject({ kind });
      const bobs = await list(bob, `Bob’s ${kind}`);
      expect((await call(bob, 'DELETE', `/api/audience-configs/${bobs.id}/`)).statusCode).toBe(204);
      const bobs2 = await list(bob, `Bob’s ${kind} 2`);
      expect((await call(alice, 'DELETE', `/api/audience-configs/${bobs2.id}/`)).statusCode).toBe(204);
      expect((await call(alice, 'DELETE', `/api/audience-configs/${alices.id}/`)).statusCode).toBe(204);
      for (const gone of [bobs, bobs2, alices])
        expect((await call(alice, 'GET', `/api/audience-configs/${gone.id}/`)).statusCode).toBe(404);
    },
  );

  it('signed-out callers and client tokens reach no config', async () => {
    for (const [method, url, payload] of routes(personal.id).filter(
      ([, u]) => u !== '/api/build-audience/',
    )) {
      const res = await call(undefined, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const build = await call(undefined, 'POST', '/api/build-audience/', {
      targeting_package: soccer,
      exclusions: [personal.id],
    });
    expect(build.statusCode).toBe(404);
  });
});
