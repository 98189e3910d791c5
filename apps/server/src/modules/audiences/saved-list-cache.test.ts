import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceConfigList } from '@murmur/core/api';
import { createDatabase } from '../../db/database';
import { audienceConfigs, teams, uploadedAudiences } from '../../db/schema';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { teamKit } from '../../test/team-kit';

// The saved list is answered from memory until a table it reads changes (lib/read-cache.ts,
// db/change-feed.ts). Each test reads the list, changes what it shows by another path than the
// list's own routes, and reads again: a cache that missed the change would show the old answer.
let t: TestApp;
let alice: TestSession;
let bob: TestSession;
let team: { id: number; slug: string; name: string };
const kit = teamKit(() => t);
const soccer = { interests: [{ label: 'Sports/Soccer' }] };

beforeAll(async () => {
  const network = await testNetwork();
  t = await createTestApp({}, { engine: network.holder });
  alice = await t.signIn('alice@example.com');
  bob = await t.signIn('bob@example.com');
  team = await kit.createTeam(alice, 'Cache team');
  await kit.join(team, alice, bob);
});
afterAll(() => t.close());

async function list(who: TestSession, query = `?team=${team.slug}`) {
  const res = await t.app.inject({ url: `/api/audience-configs/${query}`, headers: who.tokenAuth });
  return {
    status: res.statusCode,
    body: res.statusCode === 200 ? res.json<AudienceConfigList>() : undefined,
    res,
  };
}
const names = async (who: TestSession, query?: string) =>
  (await list(who, query)).body!.results.map((c) => c.name);

describe('the saved list from memory', () => {
  it("shows a member's new audience to the next read, theirs and another member's", async () => {
    expect(await names(alice)).toEqual([]);
    expect(await names(bob)).toEqual([]);
    await kit.createConfig(bob, { name: 'Bob saved', targeting_package: soccer, team: team.slug });
    expect(await names(alice)).toEqual(['Bob saved']);
    expect(await names(bob)).toEqual(['Bob saved']);
  });

  it('is the same JSON as the schema serialises, with its content type', async () => {
    const { res } = await list(alice);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await list(alice);
    expect(again.res.body).toBe(res.body);
    expect(Object.keys(again.body!.results[0]!)).toEqual(
      Object.keys(res.json<AudienceConfigList>().results[0]!),
    );
  });

  it('sends the answer compressed as the client accepts, the same JSON each time', async () => {
    const plain = (await list(alice)).res.body;
    for (const encoding of ['br', 'gzip'] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({
          url: `/api/audience-configs/?team=${team.slug}`,
          headers: { ...alice.tokenAuth, 'accept-encoding': encoding },
        });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        const decoded = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
        expect(decoded.toString('utf8')).toBe(plain);
      }
    }
  });

  it('shows a status changed by a background write (an upload X is processing)', async () => {
    const [config] = (await list(alice)).body!.results;
    expect(config!.status).toBe('Active');
    await t.db.insert(uploadedAudiences).values({
      audienceConfigId: config!.id,
      teamId: team.id,
      userId: alice.user.id,
      accountId: 'acc-cache',
      accountName: 'Ads',
      customAudienceId: 'ca-cache',
      name: 'Uploaded',
      state: 'processing',
      uploadedCount: 10,
    });
    expect((await list(alice)).body!.results[0]!.status).toBe('Scheduled');
  });

  it("shows a renamed team's new name", async () => {
    expect((await list(alice)).body!.results[0]!.team).toMatchObject({ name: 'Cache team' });
    await t.db.update(teams).set({ name: 'Renamed team' }).where(eq(teams.id, team.id));
    expect((await list(alice)).body!.results[0]!.team).toMatchObject({ name: 'Renamed team' });
  });

  it('refuses (404) a member removed from the team although their list was in memory', async () => {
    expect((await list(bob)).status).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${team.slug}/members/${bob.user.id}/`,
      headers: alice.tokenAuth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(bob)).status).toBe(404);
  });

  it("keeps one user's personal list from another's", async () => {
    await kit.createConfig(alice, { name: 'Alice own', targeting_package: soccer });
    expect(await names(alice, '')).toEqual(['Alice own']);
    expect(await names(bob, '')).toEqual([]);
  });

  // With PGlite every write is this process's; on PostgreSQL the notice also reaches the others.
  it.skipIf(process.env.DATABASE_URL)(
    'answers from memory: a write no notice reports stays unseen until one does',
    async () => {
      const before = await names(alice, '');
      await t.db.execute(sql`alter table audience_configs disable trigger audience_configs_notify`);
      try {
        await t.db
          .update(audienceConfigs)
          .set({ name: 'Quietly renamed' })
          .where(eq(audienceConfigs.name, 'Alice own'));
        expect(await names(alice, '')).toEqual(before);
      } finally {
        await t.db.execute(sql`alter table audience_configs enable trigger audience_configs_notify`);
      }
      await t.db
        .update(audienceConfigs)
        .set({ name: 'Renamed aloud' })
        .where(eq(audienceConfigs.name, 'Quietly renamed'));
      expect(await names(alice, '')).toEqual(['Renamed aloud']);
    },
  );
});

describe.runIf(process.env.DATABASE_URL)('the saved list beside another process (PostgreSQL)', () => {
  it("shows another process's write once its notice arrives", async () => {
    const { url } = t;
    expect(url).toBeDefined();
    const other = await createDatabase({ databaseUrl: url });
    try {
      expect(await names(alice, '')).not.toContain('Written elsewhere');
      const [own] = await other.db
        .select()
        .from(audienceConfigs)
        .where(eq(audienceConfigs.ownerId, alice.user.id));
      await other.db
        .update(audienceConfigs)
        .set({ name: 'Written elsewhere' })
        .where(eq(audienceConfigs.id, own!.id));
      for (;;) {
        if ((await names(alice, '')).includes('Written elsewhere')) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await other.close();
    }
  });
});
