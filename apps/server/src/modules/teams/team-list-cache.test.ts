import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member, Team } from '@murmur/core/api';
import { createDatabase } from '../../db/database';
import { subscriptions, teams } from '../../db/schema';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { teamKit } from '../../test/team-kit';

// The team list is answered from memory until a table it reads changes (lib/read-cache.ts,
// db/change-feed.ts, migration 0030). Each test reads the list, changes what it shows by another
// path than the list's own route, and reads again: a cache that missed the change shows the old one.
let t: TestApp;
let alice: TestSession;
let bob: TestSession;
let team: { id: number; slug: string; name: string };
const kit = teamKit(() => t);

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice@example.com');
  bob = await t.signIn('bob@example.com');
  team = await kit.createTeam(alice, 'List cache team');
});
afterAll(() => t.close());

async function list(who: TestSession) {
  const res = await t.app.inject({ url: '/api/teams/', headers: who.tokenAuth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Team[]>();
}

describe('the team list from memory', () => {
  it("shows a new member to the team's next read, and the team to the new member", async () => {
    expect(await list(alice)).toMatchObject([{ slug: team.slug, member_count: 1 }]);
    expect(await list(bob)).toEqual([]);
    await kit.join(team, alice, bob);
    expect(await list(alice)).toMatchObject([{ slug: team.slug, member_count: 2 }]);
    expect(await list(bob)).toMatchObject([{ slug: team.slug, member_count: 2 }]);
  });

  it('is the JSON the schema serialises, the same on a second read', async () => {
    const first = await t.app.inject({ url: '/api/teams/', headers: alice.tokenAuth });
    const second = await t.app.inject({ url: '/api/teams/', headers: alice.tokenAuth });
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(Object.keys(second.json<Team[]>()[0]!).sort()).toEqual(
      [
        'country',
        'id',
        'invoice_email',
        'invoice_name',
        'logo',
        'member_count',
        'name',
        'slug',
        'subscriptions',
      ].sort(),
    );
  });

  it("shows a team's settings changed by another path (its invoice name)", async () => {
    expect((await list(bob))[0]!.invoice_name).not.toBe('Invoiced elsewhere');
    await t.db.update(teams).set({ invoiceName: 'Invoiced elsewhere' }).where(eq(teams.id, team.id));
    expect((await list(bob))[0]!.invoice_name).toBe('Invoiced elsewhere');
  });

  it('shows a subscription the billing side wrote', async () => {
    expect((await list(alice))[0]!.subscriptions).toEqual([]);
    await t.db
      .insert(subscriptions)
      .values({ teamId: team.id, start: new Date(), active: true, planName: 'Cached plan' });
    expect((await list(alice))[0]!.subscriptions).toMatchObject([
      { active: true, plan: { name: 'Cached plan' } },
    ]);
  });

  it('drops the team from the list of a member who was removed', async () => {
    expect(await list(bob)).toHaveLength(1);
    const members = await t.app.inject({ url: `/api/teams/${team.slug}/members/`, headers: alice.tokenAuth });
    const membership = members.json<Member[]>().find((m) => m.user.id === bob.user.id)!;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${team.slug}/members/${membership.id}/`,
      headers: alice.tokenAuth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await list(bob)).toEqual([]);
    expect(await list(alice)).toMatchObject([{ member_count: 1 }]);
  });

  // With PGlite every write is this process's; on PostgreSQL the notice also reaches the others.
  it.skipIf(process.env.DATABASE_URL)(
    'answers from memory: a write no notice reports stays unseen until one does',
    async () => {
      const before = await list(alice);
      await t.db.execute(sql`alter table teams disable trigger teams_notify`);
      try {
        await t.db.update(teams).set({ country: 'JP' }).where(eq(teams.id, team.id));
        expect(await list(alice)).toEqual(before);
      } finally {
        await t.db.execute(sql`alter table teams enable trigger teams_notify`);
      }
      await t.db.update(teams).set({ logo: 'https://example.com/logo.png' }).where(eq(teams.id, team.id));
      expect(await list(alice)).toMatchObject([{ country: 'JP', logo: 'https://example.com/logo.png' }]);
    },
  );
});

describe.runIf(process.env.DATABASE_URL)('the team list beside another process (PostgreSQL)', () => {
  it("shows another process's write once its notice arrives", async () => {
    expect(t.url).toBeDefined();
    const other = await createDatabase({ databaseUrl: t.url });
    try {
      expect((await list(alice))[0]!.name).not.toBe('Renamed elsewhere');
      await other.db.update(teams).set({ name: 'Renamed elsewhere' }).where(eq(teams.id, team.id));
      for (;;) {
        if ((await list(alice))[0]!.name === 'Renamed elsewhere') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await other.close();
    }
  });
});
