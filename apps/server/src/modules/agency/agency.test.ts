import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyOverview, AudienceConfig } from '@murmur/core/api';
import { sql } from 'drizzle-orm';
import { audienceConfigs, type UserRow } from '../../db/schema';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { createAgencyRepository, type AgencyRepository } from './agency.repository';
import { createAgencyService } from './agency.service';
import { agencyKit } from './agency-test-kit';

let t: TestApp;
let alice: TestSession; // admin of Acme, member of Blue Fin
let carol: TestSession; // admin of Blue Fin
let dave: TestSession; // admin of Hidden Co, which Alice is not in
let acme: { id: number; slug: string };
let blueFin: { id: number; slug: string };
let acmeAudiences: AudienceConfig[];
const kit = agencyKit(() => t);
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({}, { engine: (await testNetwork()).holder });
  alice = await t.signIn('alice@agency.test');
  carol = await t.signIn('carol@client.test');
  dave = await t.signIn('dave@hidden.test');
  acme = await kit.teamWithAccount(alice, 'Acme', '18ce54d4x5t', 'Acme on X');
  blueFin = await kit.teamWithAccount(carol, 'Blue Fin', '18ce55aaa01', 'Blue Fin ads');
  const hidden = await kit.teamWithAccount(dave, 'Hidden Co', '18ce55bbb02', 'Hidden account');
  await kit.join(blueFin, carol, alice);

  acmeAudiences = [];
  for (const name of ['Acme one', 'Acme two', 'Acme three', 'Acme four']) {
    acmeAudiences.push(await kit.audience(alice, acme, name));
  }
  const fin = await kit.audience(carol, blueFin, 'Blue Fin anglers');
  const secret = await kit.audience(dave, hidden, 'Hidden audience');
  await kit.upload(alice, acme, acmeAudiences[0]!, { id: '18ce54d4x5t', name: 'Acme on X' }, 'ready', 41_000);
  await kit.upload(carol, blueFin, fin, { id: '18ce55aaa01', name: 'Blue Fin ads' }, 'processing', 0);
  await kit.upload(dave, hidden, secret, { id: '18ce55bbb02', name: 'Hidden account' }, 'ready', 9);
  await kit.campaign(carol, blueFin, '18ce55aaa01', 'Blue Fin spring', [
    { day: today, impressions: 1200, clicks: 30, spendMicro: 12_340_000 },
  ]);
  await kit.campaign(dave, hidden, '18ce55bbb02', 'Hidden campaign', [
    { day: today, impressions: 5, clicks: 1, spendMicro: 1_000_000 },
  ]);
}, 120_000);
afterAll(() => t.close());

const overview = (who: TestSession) => t.app.inject({ url: '/api/agency/', headers: who.tokenAuth });

describe('GET /api/agency/', () => {
  it("shows the caller's two teams with accounts, audiences, uploads and delivery", async () => {
    const res = await overview(alice);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AgencyOverview>();
    expect(body.teams.map((team) => [team.name, team.level])).toEqual([
      ['Acme', 'admin'],
      ['Blue Fin', 'member'],
    ]);
    const [a, b] = body.teams as [AgencyOverview['teams'][0], AgencyOverview['teams'][0]];

    expect(a.ad_accounts).toEqual([{ account_id: '18ce54d4x5t', name: 'Acme on X' }]);
    expect(a.audiences.active_count).toBe(4);
    // The top three only, each sized as My Audiences sizes it: an estimate with its interval.
    expect(a.audiences.top).toHaveLength(3);
    const byId = new Map(acmeAudiences.map((c) => [c.id, c]));
    for (const top of a.audiences.top) {
      expect(top.size_figure).toEqual(byId.get(top.id)!.size_figure);
      expect(top.size_figure.kind).toBe('estimate');
      expect(top.size_figure.low).toBeLessThanOrEqual(top.size_figure.value);
      expect(top.size_figure.high).toBeGreaterThanOrEqual(top.size_figure.value);
    }
    expect(a.uploads).toMatchObject({
      total: 1,
      latest: [{ name: 'Acme one', state: 'ready', x_audience_size: 41_000, account_name: 'Acme on X' }],
    });
    expect(a.campaigns).toEqual({ total: 0, latest: [] });

    expect(b.audiences.top.map((x) => x.name)).toEqual(['Blue Fin anglers']);
    expect(b.uploads.latest.map((u) => [u.name, u.state])).toEqual([['Blue Fin anglers', 'processing']]);
    expect(b.campaigns.total).toBe(1);
    expect(b.campaigns.latest[0]).toMatchObject({
      name: 'Blue Fin spring',
      status: 'Active',
      currency: 'USD',
      delivery: { impressions: 1200, clicks: 30, engagements: 60, spent: 12.34 },
    });
  });

  it('shows nothing of a team the caller is not in', async () => {
    const text = (await overview(alice)).body;
    for (const hidden of ['Hidden', '18ce55bbb02']) expect(text).not.toContain(hidden);
    // Dave sees his own team only.
    const daves = (await overview(dave)).json<AgencyOverview>();
    expect(daves.teams.map((team) => team.name)).toEqual(['Hidden Co']);
    expect(daves.teams[0]!.campaigns.latest[0]!.delivery.impressions).toBe(5);
  });

  it('is empty for someone in no team, and refused signed out', async () => {
    const loner = await t.signIn('loner@agency.test');
    expect((await overview(loner)).json<AgencyOverview>()).toEqual({ teams: [] });
    expect((await t.app.inject({ url: '/api/agency/' })).statusCode).toBe(403);
  });

  it('reads every team in the same few queries, however many teams (no query per team)', async () => {
    // Each repository read is one SQL statement; the count must not grow with the teams.
    let reads = 0;
    const repo = createAgencyRepository(t.db, sql`${audienceConfigs.status}`);
    const counted = Object.fromEntries(
      Object.entries(repo).map(([name, read]) => [
        name,
        (...args: unknown[]) => {
          reads++;
          return (read as (...a: unknown[]) => unknown)(...args);
        },
      ]),
    ) as AgencyRepository;
    const service = createAgencyService({
      repo: counted,
      clock: t.clock,
      sampling: () => ({ sampleSize: null, scale: 1 }),
      campaignStatus: () => 'Active',
    });
    const asUser = (s: TestSession) => ({ id: s.user.id }) as UserRow;
    expect((await service.overview(asUser(dave))).teams).toHaveLength(1);
    const forOne = reads;
    reads = 0;
    expect((await service.overview(asUser(alice))).teams).toHaveLength(2);
    expect(reads).toBe(forOne);
    expect(reads).toBe(5);
  });
});
