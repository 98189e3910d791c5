import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignList, Member } from '@murmur/core/api';
import { createDatabase } from '../../db/database';
import { adCreatives, adStats, ads, adsets, campaigns } from '../../db/schema';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { teamKit } from '../../test/team-kit';

// A team's campaigns list is answered from memory until a table it reads changes or a campaign of
// the team starts or ends (lib/read-cache.ts, db/change-feed.ts, migration 0030). Each test reads
// the list, changes what it shows by another path than the list's own routes (the delivery sync,
// publishing, the clock), and reads again: a cache that missed it shows the old answer.
let t: TestApp;
let alice: TestSession;
let bob: TestSession;
let team: { id: number; slug: string; name: string };
const kit = teamKit(() => t);

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice@example.com');
  bob = await t.signIn('bob@example.com');
  team = await kit.createTeam(alice, 'Campaigns cache team');
  await kit.join(team, alice, bob);
});
afterAll(() => t.close());

async function list(who: TestSession, query = '') {
  const res = await t.app.inject({
    url: `/api/campaigns/?team=${team.slug}${query}`,
    headers: who.tokenAuth,
  });
  return { status: res.statusCode, body: res.statusCode === 200 ? res.json<CampaignList>() : undefined };
}
const names = async (who: TestSession, query?: string) =>
  (await list(who, query)).body!.results.map((c) => c.name);

/** A campaign as publishing leaves it (written straight to the table, as another process would). */
async function insertCampaign(name: string, schedule: { start?: Date; end?: Date } = {}) {
  const [row] = await t.db
    .insert(campaigns)
    .values({
      teamId: team.id,
      createdBy: alice.user.id,
      adAccountId: 'acc-cache',
      name,
      objective: 'AWARENESS',
      currency: 'EUR',
      budgetType: 'daily',
      dailyBudget: '10',
      state: 'active',
      start: schedule.start ?? null,
      end: schedule.end ?? null,
    })
    .returning();
  return row!;
}

describe("a team's campaigns list from memory", () => {
  it('shows a campaign written by another path to the next read of every member', async () => {
    expect(await names(alice)).toEqual([]);
    expect(await names(bob)).toEqual([]);
    await insertCampaign('Written aside');
    expect(await names(alice)).toEqual(['Written aside']);
    expect(await names(bob)).toEqual(['Written aside']);
  });

  it("shows the delivery sync's figures in the campaign and the totals", async () => {
    const before = (await list(alice)).body!;
    expect(before.results[0]!.impressions).toBe(0);
    const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.name, 'Written aside'));
    const [adset] = await t.db
      .insert(adsets)
      .values({ campaignId: campaign!.id, name: 'Set', placements: ['homeTimelines'], sizeBucket: 'auto' })
      .returning();
    const [creative] = await t.db
      .insert(adCreatives)
      .values({ teamId: team.id, createdBy: alice.user.id, name: 'Creative', text: 'Hello' })
      .returning();
    const [ad] = await t.db.insert(ads).values({ adsetId: adset!.id, creativeId: creative!.id }).returning();
    expect((await list(alice)).body!.results[0]).toMatchObject({ adsets_count: 1, ads_count: 1 });
    await t.db.insert(adStats).values({
      adId: ad!.id,
      day: '2026-11-01',
      impressions: 1234,
      engagements: 56,
      clicks: 7,
      spendMicro: 2_500_000,
    });
    const after = (await list(alice)).body!;
    expect(after.results[0]).toMatchObject({ impressions: 1234, spent: 2.5 });
    expect(after.totals).toEqual([
      { currency: 'EUR', impressions: 1234, engagements: 56, clicks: 7, spent: 2.5 },
    ]);
  });

  // Well inside the cache's 30 s: only the answer's own end (the campaign's) can make it read again.
  it('turns a campaign Expired when the clock passes its end, with nothing written', async () => {
    await insertCampaign('Ends soon', { end: new Date(t.clock.now().getTime() + 10_000) });
    const status = async (query?: string) =>
      (await list(alice, query)).body!.results.find((c) => c.name === 'Ends soon')?.status;
    expect(await status()).toBe('Active');
    expect(await status('&status=Active')).toBe('Active');
    t.clock.advance(20_000);
    expect(await status()).toBe('Expired');
    expect(await status('&status=Active')).toBeUndefined();
  });

  it('refuses (404) a member removed from the team although the list was in memory', async () => {
    expect((await list(bob)).status).toBe(200);
    const members = await t.app.inject({ url: `/api/teams/${team.slug}/members/`, headers: alice.tokenAuth });
    const membership = members.json<Member[]>().find((m) => m.user.id === bob.user.id)!;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${team.slug}/members/${membership.id}/`,
      headers: alice.tokenAuth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(bob)).status).toBe(404);
    expect((await list(alice)).status).toBe(200);
  });

  // With PGlite every write is this process's; on PostgreSQL the notice also reaches the others.
  it.skipIf(process.env.DATABASE_URL)(
    'answers from memory: a write no notice reports stays unseen until one does',
    async () => {
      const before = await names(alice);
      await t.db.execute(sql`alter table campaigns disable trigger campaigns_notify`);
      try {
        await t.db
          .update(campaigns)
          .set({ name: 'Quietly renamed' })
          .where(eq(campaigns.name, 'Written aside'));
        expect(await names(alice)).toEqual(before);
      } finally {
        await t.db.execute(sql`alter table campaigns enable trigger campaigns_notify`);
      }
      await t.db
        .update(campaigns)
        .set({ name: 'Renamed aloud' })
        .where(eq(campaigns.name, 'Quietly renamed'));
      expect(await names(alice)).toContain('Renamed aloud');
    },
  );
});

describe.runIf(process.env.DATABASE_URL)('the campaigns list beside another process (PostgreSQL)', () => {
  it("shows another process's write once its notice arrives", async () => {
    expect(t.url).toBeDefined();
    const other = await createDatabase({ databaseUrl: t.url });
    try {
      expect(await names(alice)).not.toContain('Written elsewhere');
      await other.db
        .update(campaigns)
        .set({ name: 'Written elsewhere' })
        .where(eq(campaigns.name, 'Written aside'));
      for (;;) {
        if ((await names(alice)).includes('Written elsewhere')) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await other.close();
    }
  });
});
