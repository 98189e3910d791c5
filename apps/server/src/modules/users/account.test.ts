import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';
import {
  audienceConfigs,
  listShareOffers,
  memberships,
  sessions,
  teams,
  uploadedAudiences,
  userTokens,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';

// docs/API.md "Your data and account deletion": the export holds the user's data and nothing of
// anyone else's; deletion needs the address typed, follows the team rules and ends every credential.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const exportOf = (s: TestSession) => t.app.inject({ url: '/api/user/export/', headers: s.tokenAuth });
const deleteAccount = (s: TestSession, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/delete-account/',
    headers: s.tokenAuth,
    payload: { email },
  });

async function team(
  admin: TestSession,
  name: string,
  members: { s: TestSession; level: 'admin' | 'member' }[],
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/teams/',
    headers: admin.tokenAuth,
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<{ id: number }>();
  for (const m of members)
    await t.db.insert(memberships).values({ teamId: id, userId: m.s.user.id, level: m.level });
  return id;
}

async function audience(ownerId: number, name: string, teamId: number | null) {
  const [row] = await t.db
    .insert(audienceConfigs)
    .values({
      ownerId,
      teamId,
      name,
      kind: 'builder',
      targetingPackage: {} as TargetingPackage,
      sampleCount: 1,
      size: 1,
      sizeBucket: '<1M',
      coreAudience: 0,
      totalNative: 0,
      proTargetingSize: 0,
      targetable: false,
      status: 'Draft',
    })
    .returning();
  return row!.id;
}

describe('GET /api/user/export/ (download my data)', () => {
  it('holds the user’s profile, teams, audiences and sessions, never another user’s nor a key', async () => {
    const me = await t.signIn('export-me@example.com');
    const other = await t.signIn('export-other@example.com');
    const teamId = await team(me, 'Export Co', [{ s: other, level: 'member' }]);
    await audience(me.user.id, 'My list', null);
    await audience(me.user.id, 'Team list', teamId);
    await audience(other.user.id, 'Not mine', teamId);

    const res = await exportOf(me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="murmur-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json<Record<string, unknown[]> & { profile: { email: string } }>();
    expect(data.profile.email).toBe('export-me@example.com');
    expect(data.teams).toEqual([expect.objectContaining({ name: 'Export Co', level: 'admin' })]);
    expect((data.audiences as { name: string }[]).map((a) => a.name).sort()).toEqual([
      'My list',
      'Team list',
    ]);
    expect(data.sessions).toHaveLength(1);
    expect(data.tokens).toHaveLength(1);
    const text = res.body;
    expect(text).not.toContain('export-other@example.com');
    expect(text).not.toContain('Not mine');
    expect(text).not.toContain(me.token);
    expect(text).not.toContain(me.sessionKey);
    expect(text).not.toMatch(/key_hash|keyHash/);
  });

  it('holds the share offers the user received and sent, not other people’s', async () => {
    const giver = await t.signIn('export-giver@example.com');
    const taker = await t.signIn('export-taker@example.com');
    const bystander = await t.signIn('export-bystander@example.com');
    const list = await audience(giver.user.id, 'Offered list', null);
    const kept = await audience(bystander.user.id, 'Someone else’s offer', null);
    const targetingPackage = { keywords: [{ label: 'espresso' }] } as TargetingPackage;
    await t.db.insert(listShareOffers).values([
      {
        audienceConfigId: list,
        fromUserId: giver.user.id,
        toUserId: taker.user.id,
        name: 'Offered list',
        kind: 'targeting_list',
        targetingPackage,
        created: new Date('2026-01-02T00:00:00Z'),
      },
      {
        audienceConfigId: kept,
        fromUserId: bystander.user.id,
        toUserId: giver.user.id,
        name: 'Someone else’s offer',
        kind: 'saved_list',
        targetingPackage,
        created: new Date('2026-01-03T00:00:00Z'),
      },
    ]);
    type Offers = { received: Record<string, unknown>[]; sent: Record<string, unknown>[] };
    const offersOf = async (s: TestSession) =>
      (await exportOf(s)).json<{ share_offers: Offers }>().share_offers;

    const taken = await offersOf(taker);
    expect(taken.sent).toEqual([]);
    expect(taken.received).toEqual([
      expect.objectContaining({
        audience_config_id: list,
        name: 'Offered list',
        kind: 'targeting_list',
        from: 'export-giver@example.com',
        targeting_package: targetingPackage,
      }),
    ]);
    const given = await offersOf(giver);
    expect(given.sent).toEqual([
      expect.objectContaining({ name: 'Offered list', to: 'export-taker@example.com' }),
    ]);
    expect(given.received).toEqual([
      expect.objectContaining({ name: 'Someone else’s offer', from: 'export-bystander@example.com' }),
    ]);
    // The taker's export names no offer between the two others.
    expect(JSON.stringify(taken)).not.toContain('export-bystander@example.com');
  });

  it('holds the uploads to X and the reach plans pushed to X the user made, and no one else’s', async () => {
    const me = await t.signIn('export-uploads@example.com');
    const other = await t.signIn('export-uploads-other@example.com');
    const teamId = await team(me, 'Uploads Co', [{ s: other, level: 'member' }]);
    const mine = await audience(me.user.id, 'Uploaded audience', teamId);
    const theirs = await audience(other.user.id, 'Their upload', teamId);
    const upload = (userId: number, audienceConfigId: number, name: string) => ({
      audienceConfigId,
      teamId,
      userId,
      accountId: 'acc-1',
      accountName: 'Ad account',
      customAudienceId: `ca-${name}`,
      name,
      state: 'ready' as const,
      targetable: true,
      uploadedCount: 1200,
      audienceSize: 1100,
    });
    await t.db
      .insert(uploadedAudiences)
      .values([upload(me.user.id, mine, 'mine'), upload(other.user.id, theirs, 'theirs')]);
    // A reach plan's push is an upload row with no saved audience of its own.
    const push = (userId: number, name: string) => ({
      ...upload(userId, mine, name),
      audienceConfigId: null,
      customAudienceId: `ca-push-${name}`,
      state: 'processing' as const,
      targetable: false,
      uploadedCount: 5000,
      audienceSize: 0,
    });
    await t.db
      .insert(uploadedAudiences)
      .values([push(me.user.id, 'Plan union'), push(other.user.id, 'Their plan')]);

    const data = (await exportOf(me)).json<{
      uploads_to_x: { audience_config_id: number | null; custom_audience_id: string; state: string }[];
    }>();
    expect(data.uploads_to_x).toEqual([
      expect.objectContaining({
        audience_config_id: mine,
        team: teamId,
        custom_audience_id: 'ca-mine',
        state: 'ready',
        uploaded_count: 1200,
        audience_size_on_x: 1100,
      }),
      expect.objectContaining({
        audience_config_id: null,
        name: 'Plan union',
        custom_audience_id: 'ca-push-Plan union',
        state: 'processing',
        uploaded_count: 5000,
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain('Their plan');
    expect(JSON.stringify(data)).not.toContain('ca-theirs');
  });

  it('holds the user’s usages with whom each was shared, and their lists’ share links, never a link’s secret', async () => {
    const me = await t.signIn('export-usages@example.com');
    const other = await t.signIn('export-usages-other@example.com');
    const send = (s: TestSession, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: s.tokenAuth, payload });
    const applied = await send(me, '/api/external/audience-usages/', {
      ad_account_id: 'acc-mine',
      state: 'applied',
      targeting_package: { keywords: [{ label: 'latte' }] },
      countries: [],
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const usageId = applied.json<{ id: number }>().id;
    const shared = await send(me, `/api/external/audience-usages/${usageId}/share/`, {
      emails: ['friend@example.com'],
      expires_in_days: 7,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const othersUsage = await send(other, '/api/external/audience-usages/', {
      ad_account_id: 'acc-theirs',
      state: 'applied',
      targeting_package: { keywords: [{ label: 'mocha' }] },
      countries: [],
    });
    expect(othersUsage.statusCode).toBe(201);
    const list = await audience(me.user.id, 'Linked list', null);
    await t.db
      .update(audienceConfigs)
      .set({ targetingPackage: targetingPackageSchema.parse({ keywords: [{ label: 'latte' }] }) })
      .where(eq(audienceConfigs.id, list));
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/external/audience-configs/${list}/share-link/rotate/`,
      headers: me.tokenAuth,
      payload: { expires_in_days: 30 },
    });
    expect(link.statusCode, link.body).toBe(200);

    const res = await exportOf(me);
    const data = res.json<{
      audience_usages: {
        id: number;
        ad_account_id: string;
        shared_with: string[];
        share_link_expires_at: string;
      }[];
      list_share_links: { audience_config_id: number; name: string; expires_at: string }[];
    }>();
    expect(data.audience_usages).toEqual([
      expect.objectContaining({
        id: usageId,
        ad_account_id: 'acc-mine',
        shared_with: ['friend@example.com'],
        share_link_expires_at: shared.json<{ expires_at: string }>().expires_at,
      }),
    ]);
    expect(data.list_share_links).toEqual([
      expect.objectContaining({
        audience_config_id: list,
        name: 'Linked list',
        expires_at: expect.any(String) as unknown,
      }),
    ]);
    expect(res.body).not.toContain('acc-theirs');
    expect(res.body).not.toMatch(/nonce/i);
    expect(res.body).not.toContain(shared.json<{ signature: string }>().signature);
  });

  it('is refused signed out', async () => {
    expect((await t.app.inject({ url: '/api/user/export/' })).statusCode).toBe(403);
  });
});

describe('POST /api/user/delete-account/', () => {
  it('needs the user’s own address typed', async () => {
    const s = await t.signIn('confirm@example.com');
    const res = await deleteAccount(s, 'someone-else@example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Type your email address exactly to confirm.'] });
    expect((await t.app.inject({ url: '/api/user/me/', headers: s.tokenAuth })).statusCode).toBe(200);
  });

  it('is refused signed out before the body is read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete-account/',
      payload: { nope: 1 },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses the last admin of a team with other members, with a clear message', async () => {
    const admin = await t.signIn('last-admin@example.com');
    const member = await t.signIn('plain-member@example.com');
    await team(admin, 'Stranded Co', [{ s: member, level: 'member' }]);
    const res = await deleteAccount(admin, 'last-admin@example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: [expect.stringContaining('You are the last admin of the team “Stranded Co”')],
    });
  });

  it('deletes the user, every session and token, and their solo teams; team work goes to another admin', async () => {
    const leaving = await t.signIn('Leaving@Example.com');
    const second = await t.signIn('leaving@example.com'); // a second browser
    const heir = await t.signIn('heir@example.com');
    const shared = await team(heir, 'Shared Co', [{ s: leaving, level: 'admin' }]);
    const solo = await team(leaving, 'Solo Co', []);
    const teamList = await audience(leaving.user.id, 'Shared list', shared);
    const personal = await audience(leaving.user.id, 'Personal list', null);
    await t.app.inject({ url: '/api/user/me/', headers: leaving.cookieAuth }); // cached

    const res = await deleteAccount(leaving, 'leaving@example.com');
    expect(res.statusCode, res.body).toBe(204);

    for (const headers of [leaving.tokenAuth, leaving.cookieAuth, second.tokenAuth, second.cookieAuth]) {
      expect((await t.app.inject({ url: '/api/user/me/', headers })).statusCode).toBe(403);
    }
    const id = leaving.user.id;
    expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await t.db.select().from(userTokens).where(eq(userTokens.userId, id))).toEqual([]);
    expect(await t.db.select().from(teams).where(eq(teams.id, solo))).toEqual([]);
    expect(await t.db.select().from(audienceConfigs).where(eq(audienceConfigs.id, personal))).toEqual([]);
    const [kept] = await t.db
      .select({ ownerId: audienceConfigs.ownerId })
      .from(audienceConfigs)
      .where(and(eq(audienceConfigs.id, teamList), eq(audienceConfigs.teamId, shared)));
    expect(kept).toEqual({ ownerId: heir.user.id });
    // The heir and their team are untouched.
    expect((await t.app.inject({ url: '/api/user/me/', headers: heir.tokenAuth })).statusCode).toBe(200);
  });
});
