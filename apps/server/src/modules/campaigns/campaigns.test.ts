import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { currencyFromX, formatLargeNumber, formatMoney } from '@murmur/core/format';
import type {
  Ad,
  AdCreative,
  Adset,
  Campaign,
  CampaignList,
  Reach,
  Segmentations,
  StatsTotal,
} from '@murmur/core/api';
import { segmentName } from '@murmur/core/api';
import { ONLY_CREATOR_OR_ADMIN } from '../../lib/team-rule';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';
import { seedGroup } from '../../test/seed';
import type { TestSession } from '../../test/test-app';

const kit = useSandboxTestApp({ seed: 'campaigns-tests', logEnv: 'CAMPAIGNS_TEST_LOG' });

// pdftotext (poppler) reads the summary PDFs; the project's script installs it where it is missing.
beforeAll(() => {
  execFileSync(
    'node',
    [fileURLToPath(new URL('../../../../../scripts/ensure-poppler.mjs', import.meta.url))],
    {
      stdio: 'inherit',
    },
  );
}, 300_000);

/** The text of a PDF as poppler reads it, and the fonts it embeds (pdffonts). */
function readPdf(bytes: Buffer): { text: string; fonts: string } {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-pdf-'));
  const file = join(dir, 'summary.pdf');
  writeFileSync(file, bytes);
  return {
    text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
    fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }),
  };
}
interface World {
  admin: TestSession;
  member: TestSession;
  outsider: TestSession;
  slug: string;
  accountId: string;
  currency: string;
  xUserId: string;
}

async function world(tag: string): Promise<World> {
  const admin = await kit.t.signIn(`${tag}-admin@example.com`);
  const member = await kit.t.signIn(`${tag}-member@example.com`);
  const outsider = await kit.t.signIn(`${tag}-outsider@example.com`);
  // SPEC §6: saving built audiences needs creator access.
  await seedGroup(kit.t.db, admin.user.id, 'Audience_creator');
  const xUserId = await kit.storeXToken(admin, 0);
  const team = await kit.teamWithAdAccount(admin, xUserId, [member]);
  return {
    admin,
    member,
    outsider,
    slug: team.slug,
    accountId: team.accountId,
    currency: currencyFromX(team.currency),
    xUserId,
  };
}

async function audience(session: TestSession, slug: string, pkg: object): Promise<number> {
  const res = await kit.call(session, 'POST', '/api/audience-configs/', {
    name: 'Coffee people',
    team: slug,
    targeting_package: pkg,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

describe('campaigns API', () => {
  it('creates a draft, validates budget, schedule and ad account, and keeps other teams out', async () => {
    const w = await world('crud');
    const base = {
      team: w.slug,
      name: 'Spring launch',
      objective: 'ENGAGEMENTS',
      ad_account_id: w.accountId,
      currency: w.currency,
      budget_type: 'daily',
      daily_budget: 50,
    };
    // The wizard's default currency: the granted ad account's on X, for every member of the team.
    const funding = await kit.call(
      w.member,
      'GET',
      `/api/campaigns/funding/?team=${w.slug}&ad_account_id=${w.accountId}`,
    );
    expect(funding.statusCode, funding.body).toBe(200);
    expect(funding.json<{ currency: string }>().currency).toBe(w.currency);
    const notGranted = await kit.call(
      w.admin,
      'GET',
      `/api/campaigns/funding/?team=${w.slug}&ad_account_id=nope123`,
    );
    expect(notGranted.statusCode).toBe(400);
    expect(notGranted.body).toMatch(/not granted/);
    expect(
      (
        await kit.call(
          w.outsider,
          'GET',
          `/api/campaigns/funding/?team=${w.slug}&ad_account_id=${w.accountId}`,
        )
      ).statusCode,
    ).toBeGreaterThanOrEqual(403);
    const tooLow = await kit.call(w.admin, 'POST', '/api/campaigns/', { ...base, daily_budget: 0.5 });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json<Record<string, string[]>>().daily_budget![0]).toMatch(/at least/);
    const backwards = await kit.call(w.admin, 'POST', '/api/campaigns/', {
      ...base,
      start: '2026-12-10T00:00:00Z',
      end: '2026-12-01T00:00:00Z',
    });
    expect(backwards.json<Record<string, string[]>>().end).toEqual(['The end must be after the start.']);
    const unknownAccount = await kit.call(w.admin, 'POST', '/api/campaigns/', {
      ...base,
      ad_account_id: 'nope123',
    });
    expect(unknownAccount.json<Record<string, string[]>>().ad_account_id).toEqual([
      'This ad account is not granted to the team.',
    ]);
    const badObjective = await kit.call(w.admin, 'POST', '/api/campaigns/', {
      ...base,
      objective: 'WORLD_DOMINATION',
    });
    expect(badObjective.statusCode).toBe(400);

    const created = await kit.call(w.admin, 'POST', '/api/campaigns/', base);
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<Campaign>();
    expect(campaign).toMatchObject({
      status: 'Draft',
      currency: w.currency,
      daily_budget: 50,
      x_campaign_id: null,
    });

    // Members read; the outsider gets 404 everywhere; a member who did not create it cannot change it.
    expect((await kit.call(w.member, 'GET', `/api/campaigns/${campaign.id}/`)).statusCode).toBe(200);
    expect((await kit.call(w.outsider, 'GET', `/api/campaigns/${campaign.id}/`)).statusCode).toBe(404);
    expect((await kit.call(w.outsider, 'GET', `/api/campaigns/?team=${w.slug}`)).statusCode).toBe(404);
    expect((await kit.call(w.outsider, 'DELETE', `/api/campaigns/${campaign.id}/`)).statusCode).toBe(404);
    expect(
      (await kit.call(w.member, 'PATCH', `/api/campaigns/${campaign.id}/`, { name: 'Mine now' })).statusCode,
    ).toBe(403);

    const renamed = await kit.call(w.admin, 'PATCH', `/api/campaigns/${campaign.id}/`, {
      name: 'Spring launch 2',
    });
    expect(renamed.json<Campaign>().name).toBe('Spring launch 2');

    const list = await kit.call(w.member, 'GET', `/api/campaigns/?team=${w.slug}&status=Draft`);
    expect(list.json<CampaignList>()).toMatchObject({ count: 1, results: [{ id: campaign.id }] });
    const anyStatus = await kit.call(w.member, 'GET', `/api/campaigns/?team=${w.slug}&status=Any%20status`);
    expect(anyStatus.json<CampaignList>().count).toBe(1);
    const active = await kit.call(w.member, 'GET', `/api/campaigns/?team=${w.slug}&status=Active`);
    expect(active.json<CampaignList>().count).toBe(0);

    // A creative over X's limit is refused with the field's message.
    const long = await kit.call(w.admin, 'POST', '/api/ad-creatives/', {
      team: w.slug,
      name: 'Long',
      text: 'x'.repeat(281),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<Record<string, string[]>>().text![0]).toMatch(/280/);

    // Who may delete what (lib/team-rule.ts): a member deletes what they made, not the
    // admin's; an admin deletes anything in the team. Campaigns and creatives alike.
    const refusal = [403, { detail: ONLY_CREATOR_OR_ADMIN }];
    const byMember = await kit.call(w.member, 'DELETE', `/api/campaigns/${campaign.id}/`);
    expect([byMember.statusCode, byMember.json()]).toEqual(refusal);
    const membersOwn = await kit.call(w.member, 'POST', '/api/campaigns/', { ...base, name: 'Member’s' });
    expect(membersOwn.statusCode, membersOwn.body).toBe(201);
    const own = membersOwn.json<Campaign>().id;
    expect((await kit.call(w.member, 'DELETE', `/api/campaigns/${own}/`)).statusCode).toBe(204);
    const creative = async (who: TestSession, name: string) => {
      const res = await kit.call(who, 'POST', '/api/ad-creatives/', { team: w.slug, name, text: 'Hello' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<AdCreative>().id;
    };
    const adminsCreative = await creative(w.admin, 'Admin’s');
    const refusedCreative = await kit.call(w.member, 'DELETE', `/api/ad-creatives/${adminsCreative}/`);
    expect([refusedCreative.statusCode, refusedCreative.json()]).toEqual(refusal);
    expect(
      (await kit.call(w.member, 'DELETE', `/api/ad-creatives/${await creative(w.member, 'Mine')}/`))
        .statusCode,
    ).toBe(204);
    const membersCreative = await creative(w.member, 'Member’s');
    expect((await kit.call(w.admin, 'DELETE', `/api/ad-creatives/${membersCreative}/`)).statusCode).toBe(204);
    expect((await kit.call(w.admin, 'DELETE', `/api/ad-creatives/${adminsCreative}/`)).statusCode).toBe(204);

    expect((await kit.call(w.admin, 'DELETE', `/api/campaigns/${campaign.id}/`)).statusCode).toBe(204);
    expect((await kit.call(w.admin, 'GET', `/api/campaigns/${campaign.id}/`)).statusCode).toBe(404);
  });

  it('publishes two ad sets and three ads to the sandbox Ads API, pauses an ad, reads delivery', async () => {
    const w = await world('publish');
    const handles = Array.from({ length: 120 }, (_, i) => kit.net.network.accounts.handles[i + 10]!);
    const coffee = await audience(w.admin, w.slug, {
      keywords: [{ label: 'coffee' }],
      handles: handles.map((h) => ({ handle: h })),
    });
    const second = await audience(w.admin, w.slug, {
      keywords: [{ label: 'music' }],
      languages: [{ label: 'Japanese' }],
    });
    const campaign = (
      await kit.call(w.admin, 'POST', '/api/campaigns/', {
        team: w.slug,
        name: 'Coffee week',
        objective: 'REACH',
        ad_account_id: w.accountId,
        currency: w.currency,
        budget_type: 'daily',
        daily_budget: 200,
      })
    ).json<Campaign>();
    const emptyPublish = await kit.call(w.admin, 'PATCH', `/api/campaigns/${campaign.id}/`, {
      status: 'Active',
    });
    expect(emptyPublish.statusCode).toBe(400);
    expect(emptyPublish.body).toMatch(/at least one ad set/);

    const adsetA = (
      await kit.call(w.admin, 'POST', '/api/adsets/', {
        campaign: campaign.id,
        name: 'Coffee fans',
        audience_config: coffee,
        placements: ['homeTimelines', 'profiles', 'searchResults', 'replies'],
      })
    ).json<Adset>();
    const adsetB = await kit.call(w.admin, 'POST', '/api/adsets/', {
      campaign: campaign.id,
      name: 'Music fans',
      audience_config: second,
      placements: ['homeTimelines'],
      size_bucket: '1M-5M',
    });
    expect(adsetB.statusCode, adsetB.body).toBe(201);
    const b = adsetB.json<Adset>();
    const creatives: AdCreative[] = [];
    for (const text of ['Fresh beans every week', 'Try our new roast', 'Music and coffee'])
      creatives.push(
        (
          await kit.call(w.admin, 'POST', '/api/ad-creatives/', { team: w.slug, name: text, text })
        ).json<AdCreative>(),
      );
    for (const [adset, creative] of [
      [adsetA.id, creatives[0]!.id],
      [adsetA.id, creatives[1]!.id],
      [b.id, creatives[2]!.id],
    ] as const) {
      const res = await kit.call(w.admin, 'POST', `/api/campaigns/${campaign.id}/ads/`, { adset, creative });
      expect(res.statusCode, res.body).toBe(201);
    }

    const published = await kit.call(w.admin, 'PATCH', `/api/campaigns/${campaign.id}/`, {
      status: 'Active',
    });
    expect(published.statusCode, published.body).toBe(200);
    const live = published.json<Campaign>();
    expect(live.status).toBe('Active');
    expect(live.x_campaign_id).toBeTruthy();

    // On X: the campaign, two line items, the targeting criteria (first 100 handles only), three promoted posts.
    const xCampaign = (await kit.ads(
      w.xUserId,
      'GET',
      `accounts/${w.accountId}/campaigns/${live.x_campaign_id}`,
    )) as {
      entity_status: string;
      daily_budget_amount_local_micro: number;
    };
    expect(xCampaign).toMatchObject({
      entity_status: 'ACTIVE',
      daily_budget_amount_local_micro: 200_000_000,
    });
    const adsets = (await kit.call(w.member, 'GET', `/api/campaigns/${campaign.id}/adsets/`)).json<Adset[]>();
    expect(adsets.map((a) => a.status)).toEqual(['Active', 'Active']);
    const lineItems = (await kit.ads(
      w.xUserId,
      'GET',
      `accounts/${w.accountId}/line_items?campaign_ids=${live.x_campaign_id}`,
    )) as {
      id: string;
      placements: string[];
    }[];
    expect(lineItems.map((l) => l.placements)).toEqual([['ALL_ON_TWITTER'], ['TWITTER_TIMELINE']]);
    const criteria = (await kit.ads(
      w.xUserId,
      'GET',
      `accounts/${w.accountId}/targeting_criteria?line_item_ids=${lineItems[0]!.id}&count=1000`,
    )) as { targeting_type: string; targeting_value: string }[];
    expect(criteria.filter((c) => c.targeting_type === 'FOLLOWER_LOOK_ALIKES')).toHaveLength(100);
    expect(
      criteria.filter((c) => c.targeting_type === 'BROAD_KEYWORD').map((c) => c.targeting_value),
    ).toEqual(['coffee']);
    const criteriaB = (await kit.ads(
      w.xUserId,
      'GET',
      `accounts/${w.accountId}/targeting_criteria?line_item_ids=${lineItems[1]!.id}`,
    )) as {
      targeting_type: string;
      targeting_value: string;
    }[];
    expect(criteriaB.map((c) => [c.targeting_type, c.targeting_value])).toEqual([
      ['BROAD_KEYWORD', 'music'],
      ['LANGUAGE', 'ja'],
    ]);
    const promoted = (await kit.ads(
      w.xUserId,
      'GET',
      `accounts/${w.accountId}/promoted_tweets?line_item_ids=${lineItems.map((l) => l.id).join(',')}`,
    )) as unknown[];
    expect(promoted).toHaveLength(3);

    // A published campaign's settings and ad sets are locked.
    const locked = await kit.call(w.admin, 'PATCH', `/api/campaigns/${campaign.id}/`, { name: 'Renamed' });
    expect(locked.statusCode).toBe(400);

    // Pause one ad: on X too.
    const ads = (await kit.call(w.admin, 'GET', `/api/campaigns/${campaign.id}/ads/`)).json<Ad[]>();
    expect(ads).toHaveLength(3);
    expect((await kit.call(w.member, 'POST', `/api/ads/${ads[0]!.id}/toggle/`)).statusCode).toBe(403);
    const paused = await kit.call(w.admin, 'POST', `/api/ads/${ads[0]!.id}/toggle/`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<Ad>().status).toBe('Paused');
    const xPromoted = (await kit.ads(
      w.xUserId,
      'GET',
      `accounts/${w.accountId}/promoted_tweets/${ads[0]!.x_promoted_tweet_id}`,
    )) as {
      entity_status: string;
    };
    expect(xPromoted.entity_status).toBe('PAUSED');

    // Simulated time passes on the sandbox; the delivery sync reads X's stats into PostgreSQL.
    const { advanceTo } = await import('@murmur/sandbox');
    advanceTo(kit.net.network, kit.net.network.clock.now + 2 * 86_400);
    const synced = await kit.call(w.admin, 'GET', `/api/campaigns/${campaign.id}/statstotal/`);
    const stats = synced.json<StatsTotal>();
    expect(stats.totals.impressions).toBeGreaterThan(0);
    expect(stats.days.reduce((s, d) => s + d.impressions, 0)).toBe(stats.totals.impressions);
    expect(stats.totals.spent).toBeGreaterThan(0);
    const list = (await kit.call(w.member, 'GET', `/api/campaigns/?team=${w.slug}`)).json<CampaignList>();
    expect(list.totals[0]!.impressions).toBe(stats.totals.impressions);
    expect(list.results[0]!.impressions).toBe(stats.totals.impressions);

    const reach = (await kit.call(w.member, 'GET', `/api/campaigns/${campaign.id}/reach/`)).json<Reach>();
    expect(reach.size).toBeGreaterThan(0);
    expect(reach.adsets.map((a) => a.size_bucket)[1]).toBe('1M-5M');
    // Accounts reached are X's (the Ads API's reach over the whole delivery), stored at the sync;
    // the frequency is X's impressions ÷ reach — at least 1 once anything was delivered.
    const fromDay = new Date(Date.parse(stats.days[0]!.day) - 7 * 86_400_000).toISOString();
    const untilDay = new Date(Date.parse(stats.days.at(-1)!.day) + 14 * 86_400_000).toISOString();
    const [fromX] = (await kit.ads(
      w.xUserId,
      'GET',
      `stats/accounts/${w.accountId}/reach/campaigns?campaign_ids=${live.x_campaign_id}&start_time=${fromDay}&end_time=${untilDay}`,
    )) as { total_audience_reach: number; average_frequency: number }[];
    expect(reach.reached).toBeGreaterThan(0);
    expect(reach.reached).toBe(fromX!.total_audience_reach);
    expect(reach.frequency).toBe(fromX!.average_frequency);
    expect(reach.reached).toBeLessThanOrEqual(stats.totals.impressions);
    expect(reach.frequency).toBeGreaterThanOrEqual(1);
    expect(Math.abs(reach.frequency - stats.totals.impressions / reach.reached)).toBeLessThan(0.02);
    expect(reach.reach_synced).toBe(stats.synced);
    const seg = (
      await kit.call(w.member, 'GET', `/api/campaigns/${campaign.id}/segmentations/`)
    ).json<Segmentations>();
    expect(seg.impressions).toBe(stats.totals.impressions);
    expect(seg.gender.length).toBeGreaterThan(0);
    expect(seg.gender.map((g) => g.label).every((l) => ['Male', 'Female', 'Unknown'].includes(l))).toBe(true);
    // Asked again with nothing new delivered: the same figures (kept, not recomputed).
    expect(
      (await kit.call(w.admin, 'GET', `/api/campaigns/${campaign.id}/segmentations/`)).json<Segmentations>(),
    ).toEqual(seg);

    // The summary PDF says what the API says, in the user's language, with Japanese glyphs embedded.
    const pdf = await kit.t.app.inject({
      method: 'POST',
      url: '/api/campaign-summary-pdf/',
      headers: w.member.tokenAuth,
      payload: { campaign: campaign.id },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const en = readPdf(pdf.rawPayload);
    expect(en.text).toContain('Campaign summary');
    expect(en.text).toContain('Coffee week');
    expect(en.text).toContain(formatLargeNumber(stats.totals.impressions));
    expect(en.text).toContain(formatMoney(stats.totals.spent, stats.currency));
    for (const day of stats.days) expect(en.text).toContain(formatLargeNumber(day.impressions));
    expect(en.text).toContain('Coffee fans');
    expect(en.fonts).toMatch(/NotoSansJP.*yes/);
    const toJa = await kit.call(w.member, 'PUT', '/api/user/me/', { language: 'ja' });
    expect(toJa.statusCode, toJa.body).toBe(200);
    const ja = readPdf(
      (
        await kit.t.app.inject({
          method: 'POST',
          url: '/api/campaign-summary-pdf/',
          headers: w.member.tokenAuth,
          payload: { campaign: campaign.id },
        })
      ).rawPayload,
    );
    expect(ja.text).toContain('キャンペーンサマリー');
    expect(ja.text).toContain('インプレッション');
    // Segments by their Japanese names: genders and countries, never X's raw keys.
    expect(ja.text).toMatch(/男性|女性/);
    expect(ja.text).not.toMatch(/\bMALE\b|\bFEMALE\b/);
    expect(ja.text).toContain('フリークエンシー');
    // Interests by their Japanese names (X names them in English only).
    expect(seg.interest.length).toBeGreaterThan(0);
    const flat = (text: string) => text.replace(/\s+/g, '');
    expect(flat(ja.text)).toContain(flat(segmentName('interest', seg.interest[0]!, 'ja')));
    expect(segmentName('interest', seg.interest[0]!, 'ja')).not.toBe(seg.interest[0]!.label);
    expect(flat(en.text)).toContain(flat(seg.interest[0]!.label));
    expect(en.text).toContain(`frequency ${reach.frequency.toFixed(2)}`);
    // The estimated audience is Murmur's estimate, printed with its 95 % interval.
    const interval = (language: 'en' | 'ja', dash: string) =>
      `${formatLargeNumber(reach.figure.low, language)}${dash}${formatLargeNumber(reach.figure.high, language)}`;
    expect(flat(en.text)).toContain(flat(`95 % interval ${interval('en', '–')}`));
    expect(flat(ja.text)).toContain(flat(`95%区間 ${interval('ja', '〜')}`));
    // The figures in Japanese units (万, 億) as the Japanese screens print them, never K or M.
    expect(ja.text).toContain(formatLargeNumber(stats.totals.impressions, 'ja'));
    for (const day of stats.days) expect(ja.text).toContain(formatLargeNumber(day.impressions, 'ja'));
    // (The size bucket is SPEC §3's enumeration label, "1M-5M", printed as the screens print it.)
    expect(ja.text.replace(/<1M|\d+M-\d+M|25M\+/g, '')).not.toMatch(/\d(?:\.\d)?[KM]\b/);
    expect(ja.text).toContain(formatMoney(stats.totals.spent, stats.currency));
    expect(ja.fonts).toMatch(/NotoSansJP.*Identity-H\s+yes/);
    expect(
      (
        await kit.t.app.inject({
          method: 'POST',
          url: '/api/campaign-summary-pdf/',
          headers: w.outsider.tokenAuth,
          payload: { campaign: campaign.id },
        })
      ).statusCode,
    ).toBe(404);

    // Pausing the campaign goes to X.
    const pausedCampaign = await kit.call(w.admin, 'PATCH', `/api/campaigns/${campaign.id}/`, {
      status: 'Paused',
    });
    expect(pausedCampaign.json<Campaign>().status).toBe('Paused');
    const xPaused = (await kit.ads(
      w.xUserId,
      'GET',
      `accounts/${w.accountId}/campaigns/${live.x_campaign_id}`,
    )) as { entity_status: string };
    expect(xPaused.entity_status).toBe('PAUSED');
  }, 120_000);

  it('rolls a failed publish back on X and says so', async () => {
    const w = await world('rollback');
    // An interest X does not have fails the second ad set after the first was created on X.
    const good = await audience(w.admin, w.slug, { keywords: [{ label: 'tea' }] });
    const bad = await audience(w.admin, w.slug, {
      keywords: [{ label: 'tea' }],
      interests: [{ label: 'Zzz no such interest' }],
    });
    const campaign = (
      await kit.call(w.admin, 'POST', '/api/campaigns/', {
        team: w.slug,
        name: 'Doomed',
        objective: 'ENGAGEMENTS',
        ad_account_id: w.accountId,
        currency: w.currency,
        budget_type: 'daily',
        daily_budget: 20,
      })
    ).json<Campaign>();
    const creative = (
      await kit.call(w.admin, 'POST', '/api/ad-creatives/', { team: w.slug, name: 'Tea', text: 'Tea time' })
    ).json<AdCreative>();
    for (const audienceId of [good, bad]) {
      const adset = (
        await kit.call(w.admin, 'POST', '/api/adsets/', {
          campaign: campaign.id,
          name: `Set ${audienceId}`,
          audience_config: audienceId,
          placements: ['replies'],
        })
      ).json<Adset>();
      await kit.call(w.admin, 'POST', `/api/campaigns/${campaign.id}/ads/`, {
        adset: adset.id,
        creative: creative.id,
      });
    }
    const failed = await kit.call(w.admin, 'PATCH', `/api/campaigns/${campaign.id}/`, { status: 'Active' });
    expect(failed.statusCode).toBe(400);
    expect(failed.json<{ non_field_errors: string[] }>().non_field_errors[0]).toMatch(
      /^Publishing failed: X has no interest named "Zzz no such interest"\. Nothing was left on X; the campaign is still a draft\.$/,
    );
    const after = (await kit.call(w.admin, 'GET', `/api/campaigns/${campaign.id}/`)).json<Campaign>();
    expect(after).toMatchObject({ status: 'Draft', x_campaign_id: null });
    const onX = (await kit.ads(w.xUserId, 'GET', `accounts/${w.accountId}/campaigns`)) as { name: string }[];
    expect(onX.filter((c) => c.name === 'Doomed')).toEqual([]);
  }, 60_000);

  it('lists content and advertiser categories', async () => {
    const res = await kit.t.app.inject({ url: '/api/content-categories/' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ name: string; name_ja: string }[]>()).toContainEqual(
      expect.objectContaining({ name: 'Travel', name_ja: '旅行' }),
    );
    const adv = await kit.t.app.inject({ url: '/api/advertiser-categories/' });
    expect(adv.json<unknown[]>().length).toBeGreaterThan(5);
  });
});
