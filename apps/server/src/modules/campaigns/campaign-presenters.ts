import type { Ad, AdCreative, AdMedia, Adset, Campaign } from '@murmur/core/api';
import { presentAdMedia } from '../../lib/ad-media';
import type { Clock } from '../../lib/clock';
import type { AdsetRow, CampaignRow, JoinedAd, JoinedCampaign, MediaRow } from './campaigns.repository';
import { statusOf } from './campaign-status';

/** Public URLs of a stored media file and its thumbnail (modules/media). */
export type MediaUrls = (row: MediaRow) => { url: string; thumbnail_url: string };

/** X counts money in micro-units of the currency. */
export const MICRO = 1_000_000;
/** Micro-units as the API's money: the currency with 2 decimals. */
export const money = (micro: number) => Math.round(micro / (MICRO / 100)) / 100;
export const num = (v: string | null) => (v === null ? null : Number(v));
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An ad set row as the repository joins it (audience name, counts and delivery sums). */
interface AdsetJoin {
  adset: AdsetRow;
  audienceName: string | null;
  ads: number;
  impressions: number;
  spendMicro: number;
}

/** Stored rows as the API's bodies (SPEC §7), statuses derived at the clock's now. */
export function createPresenters(clock: Clock, mediaUrls: MediaUrls) {
  /** `now`: the instant the status is for (a list presents all its rows at one). */
  function campaign(j: JoinedCampaign, now = clock.now()): Campaign {
    const c = j.campaign;
    return {
      id: c.id,
      team: j.team,
      name: c.name,
      objective: c.objective,
      ad_account_id: c.adAccountId,
      currency: c.currency,
      budget_type: c.budgetType,
      lifetime_budget: num(c.lifetimeBudget),
      daily_budget: num(c.dailyBudget),
      start: iso(c.start),
      end: iso(c.end),
      status: statusOf(c.state, c.start, c.end, now),
      x_campaign_id: c.xCampaignId,
      x_error: c.xError,
      adsets_count: j.adsets,
      ads_count: j.ads,
      impressions: j.impressions,
      spent: money(j.spendMicro),
      created_by: j.creator,
      date: c.created.toISOString(),
      modified: c.modified.toISOString(),
    };
  }

  const media = (row: MediaRow): AdMedia => presentAdMedia(row, mediaUrls(row));

  function creative(c: JoinedAd['creative'], row: MediaRow | null): AdCreative {
    return {
      id: c.id,
      team: c.teamId,
      name: c.name,
      text: c.text,
      media: row ? media(row) : null,
      call_to_action: c.callToAction as AdCreative['call_to_action'],
      url: c.url,
      date: c.created.toISOString(),
    };
  }

  function ad(a: JoinedAd, owner: CampaignRow): Ad {
    return {
      id: a.ad.id,
      adset: a.ad.adsetId,
      creative: creative(a.creative, a.media),
      status: statusOf(a.ad.state, owner.start, owner.end, clock.now()),
      x_tweet_id: a.ad.xTweetId,
      x_promoted_tweet_id: a.ad.xPromotedTweetId,
      impressions: a.impressions,
      spent: money(a.spendMicro),
    };
  }

  function adset(r: AdsetJoin, owner: CampaignRow): Adset {
    return {
      id: r.adset.id,
      campaign: r.adset.campaignId,
      name: r.adset.name,
      audience_config: r.adset.audienceConfigId,
      audience_name: r.audienceName,
      placements: r.adset.placements,
      size_bucket: r.adset.sizeBucket,
      status: statusOf(r.adset.state, owner.start, owner.end, clock.now()),
      x_line_item_id: r.adset.xLineItemId,
      targeting: r.adset.targeting,
      ads_count: r.ads,
      impressions: r.impressions,
      spent: money(r.spendMicro),
      date: r.adset.created.toISOString(),
    };
  }

  return { campaign, media, creative, ad, adset };
}
export type Presenters = ReturnType<typeof createPresenters>;
