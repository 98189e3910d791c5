import type { Reach, Segmentations, StatsTotal } from '@murmur/core/api';
import type { SizeBucket, TargetingPackage } from '@murmur/core/targeting';
import { populationEstimate } from '@murmur/core/sampling';
import { AccountSet, sizeBucketOf, type AudienceEngine } from '@murmur/engine';
import type { UserRow } from '../../db/schema';
import type { AdsetRow, CampaignRow } from './campaigns.repository';
import { grantorTokensOf, xCall, type CampaignAccess, type CampaignsDeps } from './campaign-context';
import { iso, money } from './campaign-presenters';
import { announceMilestone } from './delivery-milestones';

/** How stale delivery may be when a campaign's figures are asked for before X is asked again. */
const ON_DEMAND_SYNC_MS = 10_000;
const DAY_MS = 86_400_000;
/** X's stats take at most 20 entity ids and a 7-day window per request at DAY granularity. */
const STATS_IDS = 20;
const STATS_DAYS = 7;
/** Readable English names of the engine's gender keys (the screens translate by key). */
const GENDER_LABEL: Record<string, string> = {
  MALE: 'Male',
  FEMALE: 'Female',
  male: 'Male',
  female: 'Female',
};

/** Campaigns whose segmentations are kept in memory. */
const SEGMENT_CACHE_SIZE = 500;

type SegmentKind = 'country' | 'age' | 'gender' | 'interest';
/** One ad's delivery on one UTC day, as X's stats report it. */
type DayStats = { day: string; impressions: number; engagements: number; clicks: number; spendMicro: number };

/**
 * Delivery: X's stats read into PostgreSQL (scheduled and on demand), and what is read from there —
 * totals per day, reach with frequency, and segmentations.
 */
export function createCampaignDelivery(deps: CampaignsDeps, access: CampaignAccess) {
  const { repo, ads, engine, clock } = deps;
  const grantorTokens = grantorTokensOf(deps);

  /**
   * Segmentations are derived from the delivery stored at the last sync and the ad sets' audiences
   * (several engine evaluations and insights): kept per campaign until delivery, the audiences or
   * the engine change, so the detail screen's refetches and the summary PDF do not redo them.
   */
  const segmentCache = new Map<number, { key: string; engine: AudienceEngine; value: Segmentations }>();

  /**
   * Reads a campaign's delivery from X's stats (DAY buckets, 7-day windows from the day X created
   * it, as far as X has delivered) into ad_stats.
   */
  async function syncCampaign(c: CampaignRow): Promise<void> {
    if (!c.xCampaignId) return;
    const tokens = await grantorTokens(c);
    const adsets = await repo.adsetsOf(c.id);
    const all = (await repo.adsOf(adsets.map((a) => a.adset.id))).filter((a) => a.ad.xPromotedTweetId);
    const xCampaign = await xCall(() => ads.campaign(tokens, c.adAccountId, c.xCampaignId!));
    const first = Math.floor(Date.parse(xCampaign.created_at) / DAY_MS) * DAY_MS;
    const today = Math.floor(clock.now().getTime() / DAY_MS) * DAY_MS;
    const window = STATS_DAYS * DAY_MS;
    const rows = new Map<number, DayStats[]>();
    // Ten windows (70 days) at most; past our own today, only while X still reports delivery.
    let last = first;
    for (let w = 0, from = first; w < 10; w++, from += window) {
      last = from + window;
      let delivered = 0;
      for (let i = 0; i < all.length; i += STATS_IDS) {
        const chunk = all.slice(i, i + STATS_IDS);
        const series = await xCall(() =>
          ads.stats(tokens, c.adAccountId, {
            entity: 'PROMOTED_TWEET',
            ids: chunk.map((a) => a.ad.xPromotedTweetId!),
            start: new Date(from).toISOString(),
            end: new Date(from + window).toISOString(),
          }),
        );
        for (const a of chunk) {
          const s = series.find((x) => x.id === a.ad.xPromotedTweetId)?.metrics ?? {};
          const at = (metric: string, k: number) => s[metric]?.[k] ?? 0;
          const days = rows.get(a.ad.id) ?? [];
          for (let k = 0; k < STATS_DAYS; k++) {
            const impressions = Math.round(at('impressions', k));
            delivered += impressions;
            if (impressions === 0 && at('billed_charge_local_micro', k) === 0) continue;
            days.push({
              day: new Date(from + k * DAY_MS).toISOString().slice(0, 10),
              impressions,
              engagements: Math.round(at('engagements', k)),
              clicks: Math.round(at('clicks', k)),
              spendMicro: Math.round(at('billed_charge_local_micro', k)),
            });
          }
          rows.set(a.ad.id, days);
        }
      }
      if (from + window > today && delivered === 0) break;
    }
    // Reach is distinct accounts, not additive over windows: X counts it over the whole delivery.
    const [reached] = await xCall(() =>
      ads.reach(tokens, c.adAccountId, {
        ids: [c.xCampaignId!],
        start: new Date(first).toISOString(),
        end: new Date(last).toISOString(),
      }),
    );
    for (const [adId, days] of rows) await repo.replaceStats(adId, days);
    await repo.updateCampaign(c.id, {
      statsSynced: clock.now(),
      xReach: reached?.total_audience_reach ?? 0,
      xFrequency: String(reached?.average_frequency ?? 0),
    });
    await announceMilestone(deps, c);
  }

  /** Each ad set with the package it targets: as published, else its saved audience's (one query). */
  async function adsetAudiences(
    campaignId: number,
  ): Promise<{ adset: AdsetRow; pkg: TargetingPackage | null }[]> {
    return (await repo.adsetsOf(campaignId)).map((a) => ({
      adset: a.adset,
      pkg: a.adset.targetingPackage ?? a.audiencePackage,
    }));
  }

  async function statstotal(user: UserRow, id: number): Promise<StatsTotal> {
    let { found } = await access.readable(user, id);
    // Delivery read on demand when the last sync is over 10 s old (the job runs every 10 minutes).
    const synced = found.campaign.statsSynced;
    if (
      found.campaign.xCampaignId &&
      (!synced || clock.now().getTime() - synced.getTime() > ON_DEMAND_SYNC_MS)
    ) {
      try {
        await syncCampaign(found.campaign);
        found = (await repo.findCampaign(id)) ?? found;
      } catch {
        // X unreachable or refusing: the figures last stored are shown, with their date.
      }
    }
    const days = await repo.dailyStats(id);
    const sum = (k: 'impressions' | 'engagements' | 'clicks') => days.reduce((s, d) => s + d[k], 0);
    return {
      campaign: id,
      currency: found.campaign.currency,
      totals: {
        impressions: sum('impressions'),
        engagements: sum('engagements'),
        clicks: sum('clicks'),
        spent: money(days.reduce((s, d) => s + d.spendMicro, 0)),
      },
      days: days.map((d) => ({
        day: d.day,
        impressions: d.impressions,
        engagements: d.engagements,
        clicks: d.clicks,
        spent: money(d.spendMicro),
      })),
      synced: iso(found.campaign.statsSynced),
    };
  }

  /**
   * The engine's estimate for the ad sets' targeting together (accounts in any ad set) — the
   * audience — apart from what X reports the delivery reached: distinct accounts and X's average
   * frequency (impressions ÷ reach), as read at the last sync.
   */
  async function reach(user: UserRow, id: number): Promise<Reach> {
    const { found } = await access.readable(user, id);
    const e = engine.get();
    let union: AccountSet | undefined;
    // The engine's scale until an ad set's audience says the rate its estimate was made at.
    let scale = e.scale;
    const sampling = (count: number) =>
      populationEstimate(count, { sampleSize: e.stats.accounts, rate: scale });
    const perAdset = [];
    for (const { adset, pkg } of await adsetAudiences(id)) {
      if (!pkg) continue;
      const audience = e.evaluate(pkg);
      if (audience.sampleCount > 0) scale = audience.populationEstimate / audience.sampleCount;
      const bucket: SizeBucket = adset.sizeBucket === 'auto' ? audience.sizeBucket : adset.sizeBucket;
      perAdset.push({
        id: adset.id,
        name: adset.name,
        size: audience.populationEstimate,
        size_bucket: bucket,
        figure: sampling(audience.sampleCount),
      });
      const set = audience.accounts;
      if (!union) union = new AccountSet(set.size, Uint32Array.from(set.bits));
      else {
        const bits = Uint32Array.from(union.bits);
        for (let i = 0; i < bits.length; i++) bits[i]! |= set.bits[i] ?? 0;
        union = new AccountSet(union.size, bits);
      }
    }
    const size = Math.round((union?.count ?? 0) * scale);
    return {
      campaign: id,
      size,
      size_bucket: sizeBucketOf(size),
      figure: sampling(union?.count ?? 0),
      adsets: perAdset,
      reached: found.campaign.xReach ?? 0,
      frequency: Number(found.campaign.xFrequency ?? 0),
      reach_synced: iso(found.campaign.statsSynced),
    };
  }

  /**
   * Delivery split by country, age, gender and interest: each ad set's impressions shared out
   * over its audience's make-up (the engine's insights of the targeting).
   */
  async function segmentations(user: UserRow, id: number): Promise<Segmentations> {
    await access.readable(user, id);
    const e = engine.get();
    const audiences = await adsetAudiences(id);
    const byAdset = new Map((await repo.impressionsByAdset(id)).map((r) => [r.adsetId, r.impressions]));
    const key = JSON.stringify(audiences.map((a) => [a.adset.id, byAdset.get(a.adset.id) ?? 0, a.pkg]));
    const cached = segmentCache.get(id);
    if (cached && cached.key === key && cached.engine === e) return cached.value;

    const acc = {
      country: new Map(),
      age: new Map(),
      gender: new Map(),
      interest: new Map(),
    } as Record<SegmentKind, Map<string, { label: string; v: number }>>;
    let total = 0;
    for (const { adset, pkg } of audiences) {
      const impressions = byAdset.get(adset.id) ?? 0;
      if (!pkg || impressions === 0) continue;
      total += impressions;
      const insights = e.insights(e.evaluate(pkg), { sampleSize: 2000 });
      const add = (kind: SegmentKind, shares: readonly { key: string; label: string; share: number }[]) => {
        for (const s of shares) {
          const label = kind === 'gender' ? (GENDER_LABEL[s.key] ?? s.label) : s.label;
          const cur = acc[kind].get(s.key) ?? { label, v: 0 };
          cur.v += impressions * s.share;
          acc[kind].set(s.key, cur);
        }
      };
      add('country', insights.locations.countries);
      add('age', insights.demographics.ageBands);
      add('gender', insights.demographics.gender);
      add('interest', insights.interests.interests.slice(0, 20));
    }
    const out = (kind: SegmentKind, limit: number) =>
      [...acc[kind].entries()]
        .map(([k, { label, v }]) => ({ key: k, label, impressions: Math.round(v) }))
        .filter((s) => s.impressions > 0)
        .sort((a, b) => b.impressions - a.impressions)
        .slice(0, limit);
    const value: Segmentations = {
      campaign: id,
      impressions: total,
      country: out('country', 20),
      age: out('age', 20),
      gender: out('gender', 5),
      interest: out('interest', 20),
    };
    segmentCache.delete(id);
    segmentCache.set(id, { key, engine: e, value });
    // The oldest entry goes first once many campaigns were looked at.
    if (segmentCache.size > SEGMENT_CACHE_SIZE) segmentCache.delete(segmentCache.keys().next().value!);
    return value;
  }

  async function syncAll(log: (error: unknown, campaignId: number) => void): Promise<number> {
    let synced = 0;
    for (const c of await repo.publishedCampaigns())
      try {
        await syncCampaign(c);
        synced++;
      } catch (error) {
        log(error, c.id);
      }
    return synced;
  }

  return {
    syncCampaign,
    syncAll,
    statstotal,
    reach,
    segmentations,
    /** A deleted campaign's cached segmentations go with it. */
    forget: (id: number) => segmentCache.delete(id),
  };
}
