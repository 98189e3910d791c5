import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { advanceTo } from '@murmur/sandbox';
import type {
  AudienceConfig,
  AudienceUsage,
  Estimate,
  JapaneseAgreement,
  SharedAudienceUsage,
  Team,
  UploadedAudience,
  User,
} from '@murmur/core/api';
import { subscriptions, uploadedAudiences } from '../../db/schema';
import { seedGroup } from '../../test/seed';
import type { TestSession } from '../../test/test-app';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';

/**
 * Uploads go to the sandbox's Ads API over HTTP; X's processing is simulated time; the engine is
 * built from the same network, so the custom audience becomes a real criterion.
 */
// Follow-up rounds every second (30 s in a deployment): the autopilot test waits for one.
const k = useSandboxTestApp({ seed: 'x-audiences-tests', config: { xAudiencesFollowMs: 1000 } });

const PACKAGE = { languages: [{ label: 'English' }] };

async function send(
  session: TestSession,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return k.app.inject({ method, url, headers: session.tokenAuth, ...(payload && { payload }) });
}

async function setup(email: string, pick: number) {
  const user = await k.t.signIn(email);
  const xId = await k.connectX(user, pick);
  const account = await k.openAdAccount(xId, `${email} on X`);
  // The ad accounts are read from X as the screens read them.
  const listed = (await send(user, 'GET', '/api/user/accounts/')).json<{ id: string }[]>();
  expect(listed.map((a) => a.id)).toContain(account);
  const team = (await send(user, 'POST', '/api/teams/', { name: `Team of ${email}` })).json<Team>();
  const me = (await send(user, 'GET', '/api/user/me/')).json<User>();
  const member = me.memberships.find((m) => m.team.id === team.id)!.id;
  await seedGroup(k.t.db, user.user.id, 'Audience_creator');
  const saved = await send(user, 'POST', '/api/audience-configs/', {
    name: `English speakers ${pick}`,
    targeting_package: PACKAGE,
    team: team.slug,
  });
  expect(saved.statusCode, saved.body).toBe(201);
  const config = saved.json<AudienceConfig>();
  return { user, xId, account, team, member, config };
}

const subscribe = (teamId: number, active: boolean, start: Date) =>
  k.t.db.insert(subscriptions).values({ teamId, active, start, planName: 'Pro' });

describe('uploading an audience to X', () => {
  it('needs a team, an ad account id, an active subscription and a grant; then X processes it until targetable', async () => {
    const { user, xId, account, team, member, config } = await setup('up-ann@example.com', 3);
    const body = { audience_config: config.id, team: team.slug, account_id: account };

    const noTeam = await send(user, 'POST', '/api/uploaded-audiences/', {
      audience_config: config.id,
      account_id: account,
    });
    expect(noTeam.statusCode).toBe(400);
    expect(noTeam.json()).toEqual({ team: ['Choose a team first.'] });
    const noAccount = await send(user, 'POST', '/api/uploaded-audiences/', {
      audience_config: config.id,
      team: team.slug,
    });
    expect(noAccount.json()).toEqual({ non_field_errors: ['No ad account id provided'] });
    const noSubscription = await send(user, 'POST', '/api/uploaded-audiences/', body);
    expect(noSubscription.statusCode).toBe(400);
    expect(noSubscription.json()).toEqual({
      non_field_errors: ['You need an active subscription to upload audiences to X.'],
    });
    // SPEC §6: the latest-started subscription decides.
    await subscribe(team.id, true, new Date('2026-01-01T00:00:00Z'));
    await subscribe(team.id, false, new Date('2026-06-01T00:00:00Z'));
    expect((await send(user, 'POST', '/api/uploaded-audiences/', body)).json()).toEqual({
      non_field_errors: ['You need an active subscription to upload audiences to X.'],
    });
    await subscribe(team.id, true, new Date('2026-09-01T00:00:00Z'));
    const notGranted = await send(user, 'POST', '/api/uploaded-audiences/', body);
    expect(notGranted.json()).toEqual({
      account_id: ['Connect an ad account and grant it to the team first.'],
    });

    const granted = await send(user, 'POST', '/api/user/granted-accounts/', {
      member,
      account: { account_id: account, network: 'twitter' },
    });
    expect(granted.statusCode).toBe(201);

    const estimateBefore = (
      await send(user, 'POST', '/api/build-audience/', {
        targeting_package: { custom_audiences: [{ name: config.name }] },
      })
    ).json<Estimate>();
    expect(estimateBefore.sample_count).toBe(0);

    const created = await send(user, 'POST', '/api/uploaded-audiences/', body);
    expect(created.statusCode, created.body).toBe(201);
    const upload = created.json<UploadedAudience>();
    expect(upload).toMatchObject({
      audience_config: config.id,
      team: { id: team.id, slug: team.slug },
      ad_account: { id: account },
      name: config.name,
      state: 'processing',
      targetable: false,
    });
    expect(upload.uploaded_count).toBeGreaterThan(100);

    // The custom audience is a real criterion now: it sizes like the audience it came from.
    const sized = (
      await send(user, 'POST', '/api/build-audience/', {
        targeting_package: { custom_audiences: [{ name: config.name }] },
      })
    ).json<Estimate>();
    const direct = (
      await send(user, 'POST', '/api/build-audience/', { targeting_package: PACKAGE })
    ).json<Estimate>();
    expect(sized.sample_count).toBe(direct.sample_count);
    expect(sized.sample_count).toBe(upload.uploaded_count);

    // On X: a CRM custom audience with the hashed handles, processing.
    const onX = (await k.ads(
      xId,
      'GET',
      `accounts/${account}/custom_audiences/${upload.custom_audience_id}`,
    )) as {
      name: string;
      targetable: boolean;
      reasons_not_targetable: string[];
    };
    expect(onX).toMatchObject({ name: config.name, targetable: false });
    expect(onX.reasons_not_targetable).toContain('PROCESSING');

    const check = (names: string[]) =>
      send(user, 'POST', '/api/external/check-custom-audiences/', {
        ad_account_id: account,
        custom_audience_names: names,
      });
    expect((await check([config.name, 'Unknown'])).json()).toEqual({
      custom_audiences: [
        { name: config.name, targetable: false },
        { name: 'Unknown', targetable: false },
      ],
    });
    expect(
      (
        await send(user, 'POST', '/api/external/check-custom-audiences/', { custom_audience_names: [] })
      ).json(),
    ).toEqual({
      non_field_errors: ['No ad account id provided'],
    });

    // Simulated time passes on X (30 minutes of processing in the sandbox) and on our clock.
    advanceTo(k.network, k.network.clock.now + 2 * 3600);
    k.t.clock.advance(10_000);
    const listed = (await send(user, 'GET', `/api/uploaded-audiences/?team=${team.slug}`)).json<
      UploadedAudience[]
    >();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: upload.id, state: 'ready', targetable: true });
    expect(listed[0]!.audience_size).toBe(upload.uploaded_count);
    expect((await check([config.name])).json()).toEqual({
      custom_audiences: [{ name: config.name, targetable: true }],
    });

    // Another user cannot see or delete it.
    const eve = await k.t.signIn('up-eve@example.com');
    expect((await send(eve, 'GET', `/api/uploaded-audiences/${upload.id}/`)).statusCode).toBe(404);
    expect((await send(eve, 'DELETE', `/api/uploaded-audiences/${upload.id}/`)).statusCode).toBe(404);
    expect((await send(eve, 'GET', `/api/uploaded-audiences/?team=${team.slug}`)).statusCode).toBe(404);

    const removed = await send(user, 'DELETE', `/api/uploaded-audiences/${upload.id}/`);
    expect(removed.statusCode).toBe(204);
    const after = (await k.ads(xId, 'GET', `accounts/${account}/custom_audiences`)) as { id: string }[];
    expect(after.map((a) => a.id)).not.toContain(upload.custom_audience_id);
    expect(
      (
        await send(user, 'POST', '/api/build-audience/', {
          targeting_package: { custom_audiences: [{ name: config.name }] },
        })
      ).json<Estimate>().sample_count,
    ).toBe(0);
  });

  it('asks Japanese advertisers to accept the agreement first (admin, who and when), then at most 3 segments per application', async () => {
    const { user, account, team, member, config } = await setup('up-jun@example.com', 4);
    await subscribe(team.id, true, new Date('2026-09-01T00:00:00Z'));
    await send(user, 'POST', '/api/user/granted-accounts/', {
      member,
      account: { account_id: account, network: 'twitter' },
    });
    await send(user, 'PUT', '/api/user/me/', { language: 'ja' });

    const status = (
      await send(user, 'GET', `/api/japanese-agreement/?team=${team.slug}`)
    ).json<JapaneseAgreement>();
    expect(status).toEqual({ required: true, accepted: false, accepted_by: null, accepted_at: null });
    const body = { audience_config: config.id, team: team.slug, account_id: account };
    const refused = await send(user, 'POST', '/api/uploaded-audiences/', body);
    expect(refused.json()).toEqual({
      non_field_errors: ['Accept the Japanese agreement before uploading audiences.'],
    });
    const pkg = { custom_audiences: [{ name: 'A' }], handles: [] };
    const applyRefused = await send(user, 'POST', '/api/external/audience-usages/', {
      ad_account_id: account,
      state: 'applied',
      targeting_package: pkg,
      countries: [],
      team: team.slug,
    });
    expect(applyRefused.json()).toEqual({
      non_field_errors: ['Accept the Japanese agreement before applying audiences.'],
    });

    // A plain member cannot accept for the team.
    const mia = await k.t.signIn('up-mia@example.com');
    const invite = await send(user, 'POST', `/api/teams/${team.id}/invites/`, {
      emails: ['up-mia@example.com'],
    });
    expect(invite.statusCode).toBeLessThan(300);
    const code = /[?&]code=([^&\s]+)/.exec(k.t.mailer.last('up-mia@example.com').text)?.[1];
    expect(code).toBeDefined();
    const joined = await send(mia, 'POST', `/api/teams/${team.id}/invites/accept/`, {
      code: decodeURIComponent(code!),
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    const byMember = await send(mia, 'POST', '/api/japanese-agreement/', { team: team.slug });
    expect(byMember.statusCode).toBe(403);
    const outsider = await k.t.signIn('up-out@example.com');
    expect((await send(outsider, 'POST', '/api/japanese-agreement/', { team: team.slug })).statusCode).toBe(
      404,
    );

    k.t.clock.advance(1000);
    const accepted = (
      await send(user, 'POST', '/api/japanese-agreement/', { team: team.slug })
    ).json<JapaneseAgreement>();
    expect(accepted).toMatchObject({ required: true, accepted: true, accepted_by: 'up-jun@example.com' });
    expect(Date.parse(accepted.accepted_at!)).toBeGreaterThan(Date.now() - 60_000);

    const uploaded = await send(user, 'POST', '/api/uploaded-audiences/', body);
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    const four = { custom_audiences: ['A', 'B', 'C', 'D'].map((name) => ({ name })) };
    const tooMany = await send(user, 'POST', '/api/external/audience-usages/', {
      ad_account_id: account,
      state: 'applied',
      targeting_package: four,
      countries: [],
      team: team.slug,
    });
    expect(tooMany.json()).toEqual({
      non_field_errors: ['At most 3 segments can be applied at once under the Japanese agreement.'],
    });
    const three = await send(user, 'POST', '/api/external/audience-usages/', {
      ad_account_id: account,
      state: 'applied',
      targeting_package: { custom_audiences: four.custom_audiences.slice(0, 3) },
      countries: [],
      team: team.slug,
    });
    expect(three.statusCode, three.body).toBe(201);
  });

  it('spends one of the plan’s monthly uploads per new upload and refuses the next once they are used (sending one again spends none)', async () => {
    const { user, xId, account, team, member, config } = await setup('up-sam@example.com', 6);
    // What a webhook writes for an active Starter subscription: 5 uploads to X a month (docs/billing.md).
    await k.t.db.insert(subscriptions).values({
      teamId: team.id,
      start: new Date('2026-09-01T00:00:00Z'),
      active: true,
      planName: 'Starter',
      planCode: 'starter-month',
      status: 'active',
      stripeSubscriptionId: 'sub_allowance',
    });
    await send(user, 'POST', '/api/user/granted-accounts/', {
      member,
      account: { account_id: account, network: 'twitter' },
    });
    const body = { audience_config: config.id, team: team.slug, account_id: account };
    const first = await send(user, 'POST', '/api/uploaded-audiences/', body);
    expect(first.statusCode, first.body).toBe(201);
    // Four more this month, to other ad accounts: the allowance is used.
    await k.t.db.insert(uploadedAudiences).values(
      [1, 2, 3, 4].map((n) => ({
        audienceConfigId: config.id,
        teamId: team.id,
        userId: user.user.id,
        accountId: `other-${n}`,
        accountName: `Other ${n}`,
        customAudienceId: `ca-other-${n}`,
        name: config.name,
        state: 'ready' as const,
        targetable: true,
        uploadedCount: 1,
        created: k.t.clock.now(),
      })),
    );
    const second = (
      await send(user, 'POST', '/api/audience-configs/', {
        name: 'Second audience',
        targeting_package: PACKAGE,
        team: team.slug,
      })
    ).json<AudienceConfig>();
    const onXBefore = (await k.ads(xId, 'GET', `accounts/${account}/custom_audiences`)) as unknown[];

    const refused = await send(user, 'POST', '/api/uploaded-audiences/', {
      ...body,
      audience_config: second.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      non_field_errors: [
        "The Starter plan includes 5 audience uploads a month and this month's are used. Upgrade the plan to upload more.",
      ],
    });
    // Refused before X is asked: no custom audience was made.
    expect(await k.ads(xId, 'GET', `accounts/${account}/custom_audiences`)).toHaveLength(onXBefore.length);

    // The audience already on X is sent again without spending an upload.
    const again = await send(user, 'POST', '/api/uploaded-audiences/', body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<UploadedAudience>().id).toBe(first.json<UploadedAudience>().id);

    // Once the subscription has ended, SPEC §5's refusal (the latest-started subscription decides).
    await subscribe(team.id, false, new Date('2026-10-01T00:00:00Z'));
    expect(
      (await send(user, 'POST', '/api/uploaded-audiences/', { ...body, audience_config: second.id })).json(),
    ).toEqual({
      non_field_errors: ['You need an active subscription to upload audiences to X.'],
    });
  });
});

describe('audience usages', () => {
  it('records, lists, shares, verifies, reorders, deletes, restores, schedules and exports as XLSX', async () => {
    const ann = await k.t.signIn('use-ann@example.com');
    const bob = await k.t.signIn('use-bob@example.com');
    const pkg = {
      handles: [{ handle: 'alpha' }, { handle: 'beta' }, { handle: 'gamma' }],
      interests: [{ label: 'Sports/Football' }],
      countries: [{ label: 'Japan', id: 'JP' }],
    };
    const empty = await send(ann, 'POST', '/api/external/audience-usages/', {
      ad_account_id: 'abc',
      state: 'applied',
      targeting_package: {},
      countries: [],
    });
    expect(empty.json()).toEqual({
      non_field_errors: ['Failed to apply targeting list because it is empty.'],
    });
    const noAccount = await send(ann, 'POST', '/api/external/audience-usages/', {
      state: 'applied',
      targeting_package: pkg,
    });
    expect(noAccount.json()).toEqual({ non_field_errors: ['No ad account id provided'] });

    const created = await send(ann, 'POST', '/api/external/audience-usages/', {
      ad_account_id: 'abc',
      state: 'applied',
      audience_config_id: null,
      targeting_package: pkg,
      countries: ['JP'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const usage = created.json<AudienceUsage>();
    expect(usage).toMatchObject({
      ad_account_id: 'abc',
      state: 'applied',
      countries: ['JP'],
      deleted: false,
    });
    expect(
      (await send(ann, 'GET', '/api/external/audience-usages/')).json<AudienceUsage[]>().map((u) => u.id),
    ).toEqual([usage.id]);
    expect((await send(bob, 'GET', `/api/external/audience-usages/${usage.id}/`)).statusCode).toBe(404);

    const shared = (
      await send(ann, 'POST', `/api/external/audience-usages/${usage.id}/share/`, {
        emails: ['USE-bob@example.com'],
      })
    ).json<SharedAudienceUsage>();
    expect(shared.usage.shared_with).toEqual(['use-bob@example.com']);
    expect(
      (await send(bob, 'GET', '/api/external/audience-usages/shared-with/'))
        .json<AudienceUsage[]>()
        .map((u) => u.id),
    ).toEqual([usage.id]);
    const verified = await k.app.inject({
      method: 'POST',
      url: '/api/external/audience-usages/verify_signed/',
      payload: { id: usage.id, signature: shared.signature },
    });
    expect(verified.statusCode).toBe(200);
    const forged = await k.app.inject({
      method: 'POST',
      url: '/api/external/audience-usages/verify_signed/',
      payload: { id: usage.id, signature: 'f'.repeat(32) },
    });
    expect(forged.statusCode).toBe(404);

    const reordered = (
      await send(ann, 'POST', `/api/external/audience-usages/${usage.id}/reorder-handles/`, {
        handles: ['@gamma', 'alpha', 'BETA'],
      })
    ).json<AudienceUsage>();
    expect(reordered.targeting_package.handles.map((h) => h.handle)).toEqual(['gamma', 'alpha', 'beta']);
    const badOrder = await send(ann, 'POST', `/api/external/audience-usages/${usage.id}/reorder-handles/`, {
      handles: ['gamma', 'gamma', 'alpha'],
    });
    expect(badOrder.json()).toEqual({ handles: ['Send every handle of the package exactly once.'] });

    const sheet = await send(ann, 'GET', `/api/external/audience-usages/${usage.id}/sheet/`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.getWorksheet('Targeting package')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      ['Type', 'Value', 'Deselected'],
      ['handles', 'gamma', ''],
      ['handles', 'alpha', ''],
      ['handles', 'beta', ''],
      ['interests', 'Sports/Football', ''],
      ['countries', 'Japan', ''],
    ]);

    const noLineItem = await send(ann, 'POST', `/api/external/audience-usages/${usage.id}/autopilot/`, {
      every_hours: 24,
    });
    expect(noLineItem.json()).toEqual({ line_item_id: ['Choose the line item to keep applied.'] });
    const scheduled = (
      await send(ann, 'POST', `/api/external/audience-usages/${usage.id}/autopilot/`, {
        every_hours: 24,
        line_item_id: 'li1',
      })
    ).json<AudienceUsage>();
    expect(scheduled).toMatchObject({ autopilot_hours: 24, line_item_id: 'li1' });
    expect(Date.parse(scheduled.next_run_at!)).toBeGreaterThan(Date.now() + 23 * 3600_000);

    expect((await send(ann, 'DELETE', `/api/external/audience-usages/${usage.id}/`)).statusCode).toBe(204);
    expect((await send(ann, 'GET', '/api/external/audience-usages/')).json()).toEqual([]);
    const withDeleted = (await send(ann, 'GET', '/api/external/audience-usages/?deleted=true')).json<
      AudienceUsage[]
    >();
    expect(withDeleted[0]).toMatchObject({ id: usage.id, deleted: true, next_run_at: null });
    const restored = (
      await send(ann, 'POST', `/api/external/audience-usages/${usage.id}/restore/`)
    ).json<AudienceUsage>();
    expect(restored.deleted).toBe(false);
    expect((await send(ann, 'GET', '/api/external/audience-usages/')).json<AudienceUsage[]>()).toHaveLength(
      1,
    );
  });
});

describe('autopilot', () => {
  it('re-applies a usage to its line item on X when due (first 100 handles, keywords, no countries from 50)', async () => {
    const user = await k.t.signIn('auto-ann@example.com');
    const xId = await k.connectX(user, 5);
    const account = await k.openAdAccount(xId, 'Autopilot account');
    const { lineItem } = await k.pausedLineItem(xId, account, { campaign: 'Always on' });
    const handles = Array.from({ length: 101 }, (_, n) => ({ handle: k.network.accounts.handles[n + 10]! }));
    const countries = Array.from({ length: 50 }, (_, n) => `C${n}`);
    const usage = (
      await send(user, 'POST', '/api/external/audience-usages/', {
        ad_account_id: account,
        state: 'applied',
        targeting_package: { handles, keywords: [{ label: 'coffee' }] },
        countries,
        line_item_id: lineItem,
      })
    ).json<AudienceUsage>();
    const scheduled = await send(user, 'POST', `/api/external/audience-usages/${usage.id}/autopilot/`, {
      every_hours: 1,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    k.t.clock.advance(2 * 3600_000);
    // The background round (every second here) finds it due and applies it on X.
    await expect
      .poll(
        async () =>
          (
            (await k.ads(
              xId,
              'GET',
              `accounts/${account}/targeting_criteria?line_item_ids=${lineItem}&count=1000`,
            )) as unknown[]
          ).length,
        { timeout: 45_000, interval: 250 },
      )
      .toBe(101);
    const criteria = (await k.ads(
      xId,
      'GET',
      `accounts/${account}/targeting_criteria?line_item_ids=${lineItem}&count=1000`,
    )) as { targeting_type: string }[];
    expect(criteria.filter((c) => c.targeting_type === 'FOLLOWER_LOOK_ALIKES')).toHaveLength(100);
    expect(criteria.filter((c) => c.targeting_type === 'BROAD_KEYWORD')).toHaveLength(1);
    expect(criteria.filter((c) => c.targeting_type === 'LOCATION')).toHaveLength(0);
    const after = (
      await send(user, 'GET', `/api/external/audience-usages/${usage.id}/`)
    ).json<AudienceUsage>();
    expect(after.last_run_at).not.toBeNull();
  }, 90_000);
});

describe('usage share links (they expire, rotate, are revoked and never show the recipients)', () => {
  const verify = (id: number, signature: string) =>
    k.app.inject({
      method: 'POST',
      url: '/api/external/audience-usages/verify_signed/',
      payload: { id, signature },
    });
  const daysLeft = (at: string) => Math.round((Date.parse(at) - k.t.clock.now().getTime()) / 86_400_000);
  const newUsage = async (owner: TestSession) => {
    const created = await send(owner, 'POST', '/api/external/audience-usages/', {
      ad_account_id: 'abc',
      state: 'applied',
      targeting_package: { interests: [{ label: 'Sports/Football' }] },
      countries: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<AudienceUsage>();
  };

  it('answers the usage without any recipient address, to the link and to each recipient', async () => {
    const ann = await k.t.signIn('link-ann@example.com');
    const bob = await k.t.signIn('link-bob@example.com');
    const usage = await newUsage(ann);
    const shared = (
      await send(ann, 'POST', `/api/external/audience-usages/${usage.id}/share/`, {
        emails: ['link-bob@example.com', 'secret-carol@example.com'],
      })
    ).json<SharedAudienceUsage>();
    // The owner sees whom they shared with, and when the link ends (30 days by default).
    expect(shared.usage.shared_with).toEqual(['link-bob@example.com', 'secret-carol@example.com']);
    expect(daysLeft(shared.expires_at)).toBe(30);
    expect(shared.usage.share_expires_at).toBe(shared.expires_at);

    const opened = await verify(usage.id, shared.signature);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<AudienceUsage>().shared_with).toEqual([]);
    expect(opened.json<AudienceUsage>().share_expires_at).toBeNull();
    expect(opened.body).not.toContain('carol');
    const bobs = await send(bob, 'GET', '/api/external/audience-usages/shared-with/');
    expect(bobs.json<AudienceUsage[]>().map((u) => u.shared_with)).toEqual([['link-bob@example.com']]);
    expect(bobs.body).not.toContain('carol');
  });

  it('mails each address the link, which opens the same usage, and names no other recipient', async () => {
    const ann = await k.t.signIn('mail-ann@example.com');
    const usage = await newUsage(ann);
    const shared = (
      await send(ann, 'POST', `/api/external/audience-usages/${usage.id}/share/`, {
        emails: ['Mail-Bob@example.com', 'mail-carol@example.com'],
        expires_in_days: 7,
      })
    ).json<SharedAudienceUsage>();
    for (const [to, other] of [
      ['mail-bob@example.com', 'carol'],
      ['mail-carol@example.com', 'bob'],
    ] as const) {
      const mail = k.t.mailer.last(to);
      expect(mail.subject).toContain('mail-ann@example.com');
      expect(mail.text).toContain('abc');
      expect(mail.text).not.toContain(other);
      const code = /\/shared-usage\/(\d+)\.(\w+)/.exec(mail.text);
      expect(code?.slice(1)).toEqual([String(usage.id), shared.signature]);
      expect(mail.html).toContain(`/shared-usage/${usage.id}.${shared.signature}`);
    }
    // A new link: the old mails' links stop working, as the owner was told.
    const rotated = await send(ann, 'POST', `/api/external/audience-usages/${usage.id}/share-link/rotate/`, {
      expires_in_days: 7,
    });
    expect(rotated.statusCode).toBe(200);
    expect((await verify(usage.id, shared.signature)).statusCode).toBe(404);
  });

  it('expires after the days chosen (410, SPEC §8 body); sharing again extends the same link', async () => {
    const ann = await k.t.signIn('exp-ann@example.com');
    const usage = await newUsage(ann);
    const share = (days?: number) =>
      send(ann, 'POST', `/api/external/audience-usages/${usage.id}/share/`, {
        emails: ['exp-bob@example.com'],
        ...(days !== undefined && { expires_in_days: days }),
      });
    expect((await share(365)).statusCode).toBe(400);
    const week = (await share(7)).json<SharedAudienceUsage>();
    expect(daysLeft(week.expires_at)).toBe(7);
    k.t.clock.advance(6 * 86_400_000);
    expect((await verify(usage.id, week.signature)).statusCode).toBe(200);
    // Sharing with one more person keeps the link and gives it its days again.
    const again = (await share(7)).json<SharedAudienceUsage>();
    expect(again.signature).toBe(week.signature);
    k.t.clock.advance(6 * 86_400_000);
    expect((await verify(usage.id, week.signature)).statusCode).toBe(200);
    k.t.clock.advance(2 * 86_400_000);
    const expired = await verify(usage.id, week.signature);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      detail: 'This share link has expired. Ask the person who shared it for a new one.',
    });
    const owner = (
      await send(ann, 'GET', `/api/external/audience-usages/${usage.id}/`)
    ).json<AudienceUsage>();
    expect(owner.share_expires_at).toBeNull();
    // Sharing after the end makes a new link; the expired one stays dead.
    const fresh = (await share()).json<SharedAudienceUsage>();
    expect(fresh.signature).not.toBe(week.signature);
    expect((await verify(usage.id, fresh.signature)).statusCode).toBe(200);
    expect((await verify(usage.id, week.signature)).statusCode).toBe(404);
  });

  it('rotation kills the old link at once; revoke kills the link; only the owner does either (404)', async () => {
    const ann = await k.t.signIn('rot-ann@example.com');
    const eve = await k.t.signIn('rot-eve@example.com');
    const usage = await newUsage(ann);
    const first = (
      await send(ann, 'POST', `/api/external/audience-usages/${usage.id}/share/`, {
        emails: ['rot-bob@example.com'],
      })
    ).json<SharedAudienceUsage>();

    const rotatePath = `/api/external/audience-usages/${usage.id}/share-link/rotate/`;
    const linkPath = `/api/external/audience-usages/${usage.id}/share-link/`;
    expect((await send(eve, 'POST', rotatePath, { expires_in_days: 90 })).statusCode).toBe(404);
    expect((await send(eve, 'DELETE', linkPath)).statusCode).toBe(404);
    expect((await k.app.inject({ method: 'DELETE', url: linkPath })).statusCode).toBe(403);
    expect((await verify(usage.id, first.signature)).statusCode).toBe(200);

    const rotated = await send(ann, 'POST', rotatePath, { expires_in_days: 90 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json<{ signature: string; expires_at: string }>();
    expect(second.signature).not.toBe(first.signature);
    expect(daysLeft(second.expires_at)).toBe(90);
    const old = await verify(usage.id, first.signature);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({
      detail: 'This share link is not valid: it was replaced by a new one or revoked.',
    });
    expect((await verify(usage.id, second.signature)).statusCode).toBe(200);

    expect((await send(ann, 'DELETE', linkPath)).statusCode).toBe(204);
    expect((await verify(usage.id, second.signature)).statusCode).toBe(404);
    const owner = (
      await send(ann, 'GET', `/api/external/audience-usages/${usage.id}/`)
    ).json<AudienceUsage>();
    expect(owner.share_expires_at).toBeNull();
    // A deleted usage's link is dead too.
    const third = (await send(ann, 'POST', rotatePath, {})).json<{ signature: string }>();
    expect((await verify(usage.id, third.signature)).statusCode).toBe(200);
    expect((await send(ann, 'DELETE', `/api/external/audience-usages/${usage.id}/`)).statusCode).toBe(204);
    expect((await verify(usage.id, third.signature)).statusCode).toBe(404);
  });
});
