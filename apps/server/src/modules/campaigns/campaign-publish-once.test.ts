import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currencyFromX } from '@murmur/core/format';
import type { Ad, AdCreative, Adset, Campaign } from '@murmur/core/api';
import { adMedia, teams } from '../../db/schema';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';
import { seedGroup } from '../../test/seed';
import type { TestSession } from '../../test/test-app';

// Publishing against the sandbox's Ads API over HTTP: one publish however often it is asked for,
// and images X's media library already holds (from an earlier campaign) reused, not re-added.
const kit = useSandboxTestApp({ seed: 'campaign-publish-once' });

interface World {
  admin: TestSession;
  slug: string;
  accountId: string;
  currency: string;
  xUserId: string;
  teamId: number;
  audienceId: number;
}

async function world(tag: string): Promise<World> {
  const admin = await kit.t.signIn(`${tag}-admin@example.com`);
  await seedGroup(kit.t.db, admin.user.id, 'Audience_creator');
  const xUserId = await kit.storeXToken(admin, 0);
  const team = await kit.teamWithAdAccount(admin, xUserId);
  const [row] = await kit.t.db.select({ id: teams.id }).from(teams).where(eq(teams.slug, team.slug));
  const audience = await kit.call(admin, 'POST', '/api/audience-configs/', {
    name: 'Coffee people',
    team: team.slug,
    targeting_package: { keywords: [{ label: 'coffee' }] },
  });
  expect(audience.statusCode, audience.body).toBe(201);
  return {
    admin,
    slug: team.slug,
    accountId: team.accountId,
    currency: currencyFromX(team.currency),
    xUserId,
    teamId: row!.id,
    audienceId: audience.json<{ id: number }>().id,
  };
}

async function image(w: World, name: string): Promise<number> {
  const [media] = await kit.t.db
    .insert(adMedia)
    .values({
      teamId: w.teamId,
      createdBy: w.admin.user.id,
      name,
      storageKey: `media/${name}`,
      thumbnailKey: `media/thumb-${name}`,
      mime: 'image/png',
      size: 1000,
      width: 1200,
      height: 675,
    })
    .returning({ id: adMedia.id });
  return media!.id;
}

/** A draft with one ad set and one ad per creative text (each showing `mediaId` when given). */
async function draft(w: World, name: string, texts: string[], mediaId?: number): Promise<number> {
  const campaign = (
    await kit.call(w.admin, 'POST', '/api/campaigns/', {
      team: w.slug,
      name,
      objective: 'ENGAGEMENTS',
      ad_account_id: w.accountId,
      currency: w.currency,
      budget_type: 'daily',
      daily_budget: 50,
    })
  ).json<Campaign>();
  const adset = (
    await kit.call(w.admin, 'POST', '/api/adsets/', {
      campaign: campaign.id,
      name: 'Coffee fans',
      audience_config: w.audienceId,
      placements: ['homeTimelines'],
    })
  ).json<Adset>();
  for (const text of texts) {
    const creative = await kit.call(w.admin, 'POST', '/api/ad-creatives/', {
      team: w.slug,
      name: `${name}: ${text}`,
      text,
      ...(mediaId !== undefined && { media: mediaId }),
    });
    expect(creative.statusCode, creative.body).toBe(201);
    const ad = await kit.call(w.admin, 'POST', `/api/campaigns/${campaign.id}/ads/`, {
      adset: adset.id,
      creative: creative.json<AdCreative>().id,
    });
    expect(ad.statusCode, ad.body).toBe(201);
  }
  return campaign.id;
}

const library = async (w: World) =>
  (
    (await kit.ads(w.xUserId, 'GET', `accounts/${w.accountId}/media_library?count=50`)) as {
      media_key: string;
      file_name: string | null;
    }[]
  ).map((m) => m.file_name);

describe('publishing a campaign to X', () => {
  it('publishes once when Publish is asked for twice at the same time: one campaign, one promoted post', async () => {
    const w = await world('twice');
    const id = await draft(w, 'Twice pressed', ['Fresh beans']);
    const [a, b] = await Promise.all([
      kit.call(w.admin, 'PATCH', `/api/campaigns/${id}/`, { status: 'Active' }),
      kit.call(w.admin, 'PATCH', `/api/campaigns/${id}/`, { status: 'Active' }),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect(a.json<Campaign>().x_campaign_id).toBe(b.json<Campaign>().x_campaign_id);
    const onX = (await kit.ads(w.xUserId, 'GET', `accounts/${w.accountId}/campaigns`)) as { name: string }[];
    expect(onX.filter((c) => c.name === 'Twice pressed')).toHaveLength(1);
    const ads = (await kit.call(w.admin, 'GET', `/api/campaigns/${id}/ads/`)).json<Ad[]>();
    expect(ads).toHaveLength(1);
    const promoted = (await kit.ads(w.xUserId, 'GET', `accounts/${w.accountId}/promoted_tweets`)) as {
      id: string;
      deleted: boolean;
    }[];
    expect(promoted.filter((p) => !p.deleted).map((p) => p.id)).toEqual([ads[0]!.x_promoted_tweet_id]);
  }, 120_000);

  it('reuses an image an earlier campaign put in X’s media library, and a rollback leaves it there', async () => {
    const w = await world('again');
    const beans = await image(w, 'beans-again.png');
    const first = await draft(w, 'Beans week', ['Fresh beans'], beans);
    const published = await kit.call(w.admin, 'PATCH', `/api/campaigns/${first}/`, { status: 'Active' });
    expect(published.statusCode, published.body).toBe(200);
    expect((await library(w)).filter((n) => n === 'beans-again.png')).toHaveLength(1);

    // The same image in a second campaign: X already holds it, and the publish reuses it.
    const second = await draft(w, 'Beans again', ['More beans', 'Even more beans'], beans);
    const again = await kit.call(w.admin, 'PATCH', `/api/campaigns/${second}/`, { status: 'Active' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await library(w)).filter((n) => n === 'beans-again.png')).toHaveLength(1);

    // A third that fails on X after its posts were made: the image the first campaign shows stays in
    // the library, and the image this publish added is taken out again.
    const cup = await image(w, 'cup-doomed.png');
    const third = await draft(w, 'Doomed beans', ['Beans, doomed'], beans);
    const cupCampaign = await kit.call(w.admin, 'GET', `/api/campaigns/${third}/adsets/`);
    const adsetId = cupCampaign.json<Adset[]>()[0]!.id;
    const cupCreative = (
      await kit.call(w.admin, 'POST', '/api/ad-creatives/', {
        team: w.slug,
        name: 'Cup',
        text: 'A cup',
        media: cup,
      })
    ).json<AdCreative>();
    await kit.call(w.admin, 'POST', `/api/campaigns/${third}/ads/`, {
      adset: adsetId,
      creative: cupCreative.id,
    });
    // A second ad set whose keyword "#tea" and hashtag "tea" are one criterion on X: X refuses it
    // twice, once the first ad set's posts (and the image this publish added) exist.
    const doomedAudience = await kit.call(w.admin, 'POST', '/api/audience-configs/', {
      name: 'Tea twice',
      team: w.slug,
      targeting_package: { keywords: [{ label: '#tea' }], hashtags: [{ label: 'tea' }] },
    });
    expect(doomedAudience.statusCode, doomedAudience.body).toBe(201);
    const doomedSet = (
      await kit.call(w.admin, 'POST', '/api/adsets/', {
        campaign: third,
        name: 'Nobody',
        audience_config: doomedAudience.json<{ id: number }>().id,
        placements: ['homeTimelines'],
      })
    ).json<Adset>();
    await kit.call(w.admin, 'POST', `/api/campaigns/${third}/ads/`, {
      adset: doomedSet.id,
      creative: cupCreative.id,
    });
    const failed = await kit.call(w.admin, 'PATCH', `/api/campaigns/${third}/`, { status: 'Active' });
    expect(failed.statusCode, failed.body).toBe(400);
    expect(failed.body).toMatch(/already has this targeting criterion.*Nothing was left on X/);
    const left = await library(w);
    expect(left.filter((n) => n === 'beans-again.png')).toHaveLength(1);
    expect(left.filter((n) => n === 'cup-doomed.png')).toEqual([]);
    // The promoted-only posts it made are deleted again (X API v2 DELETE /2/tweets/:id), so a retry
    // does not leave two identical posts on X; the published campaigns' posts stay.
    const posts = (
      (await kit.ads(w.xUserId, 'GET', `accounts/${w.accountId}/tweets?tweet_type=PUBLISHED&count=100`)) as {
        full_text: string;
      }[]
    ).map((p) => p.full_text);
    expect(posts.filter((text) => text === 'Beans, doomed' || text === 'A cup')).toEqual([]);
    expect(posts.filter((text) => text === 'Fresh beans')).toHaveLength(1);
    expect(posts.filter((text) => text === 'More beans')).toHaveLength(1);
  }, 180_000);
});
