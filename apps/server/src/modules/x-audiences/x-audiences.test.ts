import { describe, expect, it } from 'vitest';
import { advanceTo } from '@murmur/sandbox';
import type {
  AudienceConfig,
  Estimate,
  JapaneseAgreement,
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
 * built from the same network, so the custom audience becomes a real criterion. (Audience usages and
 * their autopilot are x-audience-usages.test.ts.)
 */
const k = useSandboxTestApp({ seed: 'x-audiences-tests' });

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
