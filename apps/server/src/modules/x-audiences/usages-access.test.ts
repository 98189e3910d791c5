import { AUDIENCE_CREATOR_GROUP } from '@murmur/core/api';
import type { AudienceConfig, AudienceUsage } from '@murmur/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGroup } from '../../test/seed';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';

/**
 * docs/API-AUDIENCES.md: a usage may name only an audience its creator can read; any other id —
 * another tenant's or one that does not exist — is 404, the same answer, never a database error.
 */

let t: TestApp;
let alice: TestSession; // admin of team A
let bob: TestSession; // member of team A
let carol: TestSession; // in no team with Alice
let personal: AudienceConfig; // Alice's own
let shared: AudienceConfig; // Alice's, for team A
const soccer = { interests: [{ label: 'Sports/Soccer' }] };

beforeAll(async () => {
  t = await createTestApp({}, { engine: (await testNetwork()).holder });
  [alice, bob, carol] = (await Promise.all(
    ['alice', 'bob', 'carol'].map((name) => t.signIn(`usage-${name}@example.com`)),
  )) as [TestSession, TestSession, TestSession];
  for (const who of [alice, bob, carol]) await seedGroup(t.db, who.user.id, AUDIENCE_CREATOR_GROUP);
  const send = (who: TestSession, method: 'POST', url: string, payload: object) =>
    t.app.inject({ method, url, headers: who.tokenAuth, payload });
  const teamA = (await send(alice, 'POST', '/api/teams/', { name: 'Usage team A' })).json<{
    id: number;
    slug: string;
  }>();
  await send(alice, 'POST', `/api/teams/${teamA.id}/invites/`, { emails: [bob.user.email] });
  const code = /code=([\w-]+)/.exec(t.mailer.last(bob.user.email).text)![1]!;
  expect((await send(bob, 'POST', `/api/teams/${teamA.id}/invites/accept/`, { code })).statusCode).toBe(200);
  const save = async (body: object) => {
    const res = await send(alice, 'POST', '/api/audience-configs/', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AudienceConfig>();
  };
  personal = await save({ name: 'Alice only', targeting_package: soccer });
  shared = await save({ name: 'Team A', targeting_package: soccer, team: teamA.slug });
});
afterAll(() => t.close());

const apply = (who: TestSession, audienceConfigId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/external/audience-usages/',
    headers: who.tokenAuth,
    payload: {
      ad_account_id: 'acc-1',
      state: 'applied',
      audience_config_id: audienceConfigId,
      targeting_package: soccer,
      countries: [],
    },
  });

describe('a usage names an audience', () => {
  it('of the caller or of the caller’s team', async () => {
    expect((await apply(alice, personal.id)).statusCode).toBe(201);
    const byMember = await apply(bob, shared.id);
    expect(byMember.statusCode, byMember.body).toBe(201);
    expect(byMember.json<AudienceUsage>().audience_config_id).toBe(shared.id);
  });

  it('of another tenant: 404, and nothing is recorded', async () => {
    for (const [who, config] of [
      [carol, personal],
      [carol, shared],
      [bob, personal],
    ] as const) {
      const res = await apply(who, config.id);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    const carolsUsages = await t.app.inject({
      url: '/api/external/audience-usages/',
      headers: carol.tokenAuth,
    });
    expect(carolsUsages.json()).toEqual([]);
  });

  it('that does not exist: the same 404, not a foreign-key error', async () => {
    const res = await apply(alice, 2_000_000_000);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});
