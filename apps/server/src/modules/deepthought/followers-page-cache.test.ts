import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DtUsersPage } from '@murmur/core/api';
import { createDatabase } from '../../db/database';
import { dtAccounts, dtSpans, dtUsers, premiumSubscriptions } from '../../db/schema';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { PREMIUM_REQUIRED } from './premium-gate';

// The followers page is answered from memory until a synced table it reads changes (lib/read-cache.ts,
// db/change-feed.ts, migration 0030); premium is asked on every read. Each test reads the page,
// changes what it shows as a sync or the billing side would (straight to the tables), and reads
// again: a cache that missed the change shows the old page.
let t: TestApp;
let ann: TestSession;
let bob: TestSession;
let accountId: number;

/** What the billing module writes when the provider reports a paid premium subscription. */
async function givePremium(userId: number) {
  await t.db.insert(premiumSubscriptions).values({
    userId,
    stripeSubscriptionId: `sub_cache_${userId}`,
    start: new Date(),
    active: true,
    status: 'active',
    planCode: 'premium',
    currency: 'eur',
    stateAt: new Date(),
  });
}

/** A follower as a sync stores it: the user as X described them and an open follower span. */
async function syncFollower(xUserId: string, followersCount: number) {
  await t.db.insert(dtUsers).values({
    accountId,
    xUserId,
    username: `user${xUserId}`,
    name: `User ${xUserId}`,
    followersCount,
  });
  await t.db.insert(dtSpans).values({ accountId, xUserId, direction: 'follower', since: new Date() });
}

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signIn('ann@example.com');
  bob = await t.signIn('bob@example.com');
  const [account] = await t.db
    .insert(dtAccounts)
    .values({ userId: ann.user.id, xUserId: '1001', username: 'ann_x', name: 'Ann', sealedTokens: 'sealed' })
    .returning();
  accountId = account!.id;
  await givePremium(ann.user.id);
  await syncFollower('2001', 50);
  await syncFollower('2002', 10);
});
afterAll(() => t.close());

async function page(who: TestSession, query = '') {
  const res = await t.app.inject({
    url: `/api/external/deepthought/followers/${query}`,
    headers: who.tokenAuth,
  });
  return { status: res.statusCode, body: res.json<DtUsersPage & { detail?: string }>() };
}
const ids = async (who: TestSession = ann, query?: string) =>
  (await page(who, query)).body.results.map((u) => u.id);

describe('the followers page from memory', () => {
  it('shows a follower the next sync stored, in its place by follower count', async () => {
    expect(await ids()).toEqual(['2001', '2002']);
    await syncFollower('2003', 30);
    expect(await ids()).toEqual(['2001', '2003', '2002']);
    expect((await page(ann)).body.count).toBe(3);
  });

  it('shows a spam score the sync rewrote, and drops a follower whose span it ended', async () => {
    expect((await page(ann, '?spam=only')).body.results).toEqual([]);
    await t.db
      .update(dtUsers)
      .set({ spamScore: 0.99, spamReasons: ['Default profile image'] })
      .where(and(eq(dtUsers.accountId, accountId), eq(dtUsers.xUserId, '2002')));
    expect(await ids(ann, '?spam=only')).toEqual(['2002']);
    await t.db
      .update(dtSpans)
      .set({ until: new Date() })
      .where(and(eq(dtSpans.accountId, accountId), eq(dtSpans.xUserId, '2003')));
    expect(await ids()).toEqual(['2001', '2002']);
  });

  it('shows when the account was last synced', async () => {
    const syncedAt = new Date('2026-11-20T10:00:00.000Z');
    await t.db.update(dtAccounts).set({ syncedAt }).where(eq(dtAccounts.id, accountId));
    expect((await page(ann)).body.synced_at).toBe(syncedAt.toISOString());
  });

  it('answers 402 once premium has lapsed although the page was in memory', async () => {
    expect((await page(ann)).status).toBe(200);
    await t.db
      .update(premiumSubscriptions)
      .set({ active: false, status: 'canceled' })
      .where(eq(premiumSubscriptions.userId, ann.user.id));
    expect(await page(ann)).toEqual({ status: 402, body: { detail: PREMIUM_REQUIRED } });
    await t.db
      .update(premiumSubscriptions)
      .set({ active: true, status: 'active' })
      .where(eq(premiumSubscriptions.userId, ann.user.id));
    expect((await page(ann)).status).toBe(200);
  });

  it("keeps one user's page from another's", async () => {
    await givePremium(bob.user.id);
    // Bob has connected no X account: he sees none of Ann's followers, whatever is in memory.
    expect((await page(bob)).status).toBe(404);
    expect(await ids()).toEqual(['2001', '2002']);
  });

  // With PGlite every write is this process's; on PostgreSQL the notice also reaches the others.
  it.skipIf(process.env.DATABASE_URL)(
    'answers from memory: a write no notice reports stays unseen until one does',
    async () => {
      const before = await ids();
      await t.db.execute(sql`alter table dt_users disable trigger dt_users_notify`);
      try {
        await t.db.update(dtUsers).set({ followersCount: 1 }).where(eq(dtUsers.xUserId, '2001'));
        expect(await ids()).toEqual(before);
      } finally {
        await t.db.execute(sql`alter table dt_users enable trigger dt_users_notify`);
      }
      await t.db.update(dtUsers).set({ followersCount: 2 }).where(eq(dtUsers.xUserId, '2001'));
      expect(await ids()).toEqual(['2002', '2001']);
    },
  );
});

describe.runIf(process.env.DATABASE_URL)('the followers page beside another process (PostgreSQL)', () => {
  it("shows another process's sync once its notice arrives", async () => {
    expect(t.url).toBeDefined();
    const other = await createDatabase({ databaseUrl: t.url });
    try {
      expect((await page(ann)).body.results.map((u) => u.name)).not.toContain('Renamed on X');
      await other.db.update(dtUsers).set({ name: 'Renamed on X' }).where(eq(dtUsers.xUserId, '2001'));
      for (;;) {
        if ((await page(ann)).body.results.some((u) => u.name === 'Renamed on X')) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await other.close();
    }
  });
});
