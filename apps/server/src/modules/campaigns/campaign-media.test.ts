import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currencyFromX } from '@murmur/core/format';
import type { AdCreative, Adset, Campaign } from '@murmur/core/api';
import { adMedia, teams } from '../../db/schema';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';
import { seedGroup } from '../../test/seed';

const kit = useSandboxTestApp({ seed: 'campaign-media-tests' });

describe('publishing ads that show one image', () => {
  it('publishes two ads with one image, which X’s media library holds once', async () => {
    const admin = await kit.t.signIn('media-admin@example.com');
    await seedGroup(kit.t.db, admin.user.id, 'Audience_creator');
    const xUserId = await kit.storeXToken(admin, 0);
    const team = await kit.teamWithAdAccount(admin, xUserId);
    const [row] = await kit.t.db.select({ id: teams.id }).from(teams).where(eq(teams.slug, team.slug));
    const [media] = await kit.t.db
      .insert(adMedia)
      .values({
        teamId: row!.id,
        createdBy: admin.user.id,
        name: 'beans.png',
        storageKey: 'media/beans.png',
        thumbnailKey: 'media/beans-thumb.png',
        mime: 'image/png',
        size: 1000,
        width: 1200,
        height: 675,
      })
      .returning({ id: adMedia.id });
    const audience = await kit.call(admin, 'POST', '/api/audience-configs/', {
      name: 'Coffee people',
      team: team.slug,
      targeting_package: { keywords: [{ label: 'coffee' }] },
    });
    expect(audience.statusCode, audience.body).toBe(201);
    const campaign = (
      await kit.call(admin, 'POST', '/api/campaigns/', {
        team: team.slug,
        name: 'Beans week',
        objective: 'ENGAGEMENTS',
        ad_account_id: team.accountId,
        currency: currencyFromX(team.currency),
        budget_type: 'daily',
        daily_budget: 50,
      })
    ).json<Campaign>();
    const adset = (
      await kit.call(admin, 'POST', '/api/adsets/', {
        campaign: campaign.id,
        name: 'Coffee fans',
        audience_config: audience.json<{ id: number }>().id,
        placements: ['homeTimelines'],
      })
    ).json<Adset>();
    for (const text of ['Fresh beans', 'New roast']) {
      const creative = await kit.call(admin, 'POST', '/api/ad-creatives/', {
        team: team.slug,
        name: text,
        text,
        media: media!.id,
      });
      expect(creative.statusCode, creative.body).toBe(201);
      const ad = await kit.call(admin, 'POST', `/api/campaigns/${campaign.id}/ads/`, {
        adset: adset.id,
        creative: creative.json<AdCreative>().id,
      });
      expect(ad.statusCode, ad.body).toBe(201);
    }
    const published = await kit.call(admin, 'PATCH', `/api/campaigns/${campaign.id}/`, { status: 'Active' });
    expect(published.statusCode, published.body).toBe(200);
    const library = (await kit.ads(xUserId, 'GET', `accounts/${team.accountId}/media_library`)) as {
      media_key: string;
      name: string;
    }[];
    expect(library.filter((m) => m.name === 'beans.png')).toHaveLength(1);
  }, 120_000);
});
