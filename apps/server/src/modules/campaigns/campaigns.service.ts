import { and, eq, gt, lte, or, isNull, isNotNull, type SQL } from 'drizzle-orm';
import type {
  Ad,
  AdCreative,
  AdMedia,
  Adset,
  Campaign,
  CampaignList,
  Reach,
  Segmentations,
  StatsTotal,
} from '@murmur/core/api';
import { minimumBudget, type campaignQuerySchema, type createAdCreativeSchema } from '@murmur/core/api';
import type { AudienceStatus, SizeBucket, TargetingPackage } from '@murmur/core/targeting';
import type { z } from 'zod';
import { AccountSet, sizeBucketOf } from '@murmur/engine';
import { campaigns, type EntityState, type SentCriterion, type TeamRow, type UserRow } from '../../db/schema';
import { BadRequest, Forbidden, NotFound, ServiceUnavailable, TooManyRequests } from '../../errors';
import type { EngineHolder } from '../../engine/engine-holder';
import {
  XAdsCallError,
  type AdsUserTokens,
  type XAdsCampaignClient,
} from '../../integrations/x-api/ads-campaigns';
import type { Clock } from '../../lib/clock';
import type {
  CampaignRow,
  CampaignsRepository,
  JoinedAd,
  JoinedCampaign,
  MediaRow,
} from './campaigns.repository';
import { renderCampaignSummary } from './summary-pdf';
import { plannedCriteria, xPlacements } from './targeting-criteria';

/** The team behind a reference, for its members (modules/teams). */
export interface TeamAccess {
  access(user: UserRow, teamRef: string): Promise<{ team: TeamRow; membership: { level: string } }>;
}
/** A team member's level on a team, or undefined for non-members (modules/teams). */
export type MembershipOf = (userId: number, teamId: number) => Promise<{ level: string } | undefined>;
/** The X user token of a user (kept by the ad-accounts module), or undefined. */
export type XTokensOf = (userId: number) => Promise<AdsUserTokens | undefined>;
/** Public URLs of a stored media file and its thumbnail (modules/media). */
export type MediaUrls = (row: MediaRow) => { url: string; thumbnail_url: string };

export const CONNECT_GRANTOR = 'Connect the X account that owns this ad account first.';
export const NOT_GRANTED = 'This ad account is not granted to the team.';

/** How stale delivery may be when a campaign's figures are asked for before X is asked again. */
const ON_DEMAND_SYNC_MS = 10_000;
const MICRO = 1_000_000;
const money = (micro: number) => Math.round(micro / (MICRO / 100)) / 100;
const num = (v: string | null) => (v === null ? null : Number(v));
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** SPEC §3 status of a stored state and schedule at `now`. */
export function statusOf(
  state: EntityState,
  start: Date | null,
  end: Date | null,
  now: Date,
): AudienceStatus {
  if (state === 'draft') return 'Draft';
  if (state === 'halted') return 'Halted';
  if (state === 'paused') return 'Paused';
  if (end && end <= now) return 'Expired';
  if (start && start > now) return 'Scheduled';
  return 'Active';
}

/** The SQL of a displayed status over campaigns' state and schedule (the list's filter). */
function statusFilter(status: AudienceStatus, now: Date): SQL | undefined {
  const c = campaigns;
  const active = eq(c.state, 'active');
  switch (status) {
    case 'Draft':
      return eq(c.state, 'draft');
    case 'Halted':
      return eq(c.state, 'halted');
    case 'Paused':
      return eq(c.state, 'paused');
    case 'Expired':
      return and(active, isNotNull(c.end), lte(c.end, now));
    case 'Scheduled':
      return and(active, isNotNull(c.start), gt(c.start, now), or(isNull(c.end), gt(c.end, now)));
    case 'Active':
      return and(active, or(isNull(c.start), lte(c.start, now)), or(isNull(c.end), gt(c.end, now)));
  }
}

type Query = z.output<typeof campaignQuerySchema>;
interface CampaignFields {
  name: string;
  objective: CampaignRow['objective'];
  ad_account_id: string;
  currency: CampaignRow['currency'];
  budget_type: CampaignRow['budgetType'];
  lifetime_budget?: number | null | undefined;
  daily_budget?: number | null | undefined;
  start?: string | null | undefined;
  end?: string | null | undefined;
}
interface AdsetFields {
  name: string;
  audience_config: number;
  placements: Adset['placements'];
  size_bucket: Adset['size_bucket'];
}
type CreativeFields = Omit<z.output<typeof createAdCreativeSchema>, 'team'>;

export type CampaignsService = ReturnType<typeof createCampaignsService>;

export function createCampaignsService(deps: {
  repo: CampaignsRepository;
  teams: TeamAccess;
  membershipOf: MembershipOf;
  tokensOf: XTokensOf;
  ads: XAdsCampaignClient;
  engine: EngineHolder;
  mediaUrls: MediaUrls;
  /** Where X fetches a media file from (our public URL of it). */
  publicMediaUrl: (row: MediaRow) => string;
  clock: Clock;
}) {
  const { repo, teams, ads, engine, clock } = deps;

  // ---- access ----

  /** A campaign of one of the caller's teams (404 otherwise), with whether they may change it. */
  async function readable(user: UserRow, id: number) {
    const found = await repo.findCampaign(id);
    const membership = found && (await deps.membershipOf(user.id, found.campaign.teamId));
    if (!found || !membership) throw new NotFound();
    return { found, canWrite: membership.level === 'admin' || found.campaign.createdBy === user.id };
  }
  /** SPEC §6: team admins and the campaign's creator change it; other members only read. */
  async function writable(user: UserRow, id: number) {
    const { found, canWrite } = await readable(user, id);
    if (!canWrite) throw new Forbidden();
    return found;
  }
  async function teamMember(user: UserRow, teamId: number) {
    const membership = await deps.membershipOf(user.id, teamId);
    if (!membership) throw new NotFound();
    return membership;
  }

  // ---- presentation ----

  function presentCampaign(j: JoinedCampaign): Campaign {
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
      status: statusOf(c.state, c.start, c.end, clock.now()),
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

  function presentMedia(row: MediaRow): AdMedia {
    return {
      id: row.id,
      team: row.teamId,
      name: row.name,
      mime: row.mime as AdMedia['mime'],
      size: row.size,
      width: row.width,
      height: row.height,
      ...deps.mediaUrls(row),
      date: row.created.toISOString(),
    };
  }
  function presentCreative(c: JoinedAd['creative'], media: MediaRow | null): AdCreative {
    return {
      id: c.id,
      team: c.teamId,
      name: c.name,
      text: c.text,
      media: media ? presentMedia(media) : null,
      call_to_action: c.callToAction as AdCreative['call_to_action'],
      url: c.url,
      date: c.created.toISOString(),
    };
  }
  function presentAd(a: JoinedAd, campaign: CampaignRow): Ad {
    return {
      id: a.ad.id,
      adset: a.ad.adsetId,
      creative: presentCreative(a.creative, a.media),
      status: statusOf(a.ad.state, campaign.start, campaign.end, clock.now()),
      x_tweet_id: a.ad.xTweetId,
      x_promoted_tweet_id: a.ad.xPromotedTweetId,
      impressions: a.impressions,
      spent: money(a.spendMicro),
    };
  }

  // ---- campaign rules ----

  /** SPEC §5-style field errors for a campaign's budget, schedule and ad account. */
  async function checkCampaign(
    teamId: number,
    f: CampaignFields,
  ): Promise<Partial<typeof campaigns.$inferInsert>> {
    const errors: Record<string, string[]> = {};
    const min = minimumBudget(f.currency);
    const budget = f.budget_type === 'lifetime' ? f.lifetime_budget : f.daily_budget;
    const field = f.budget_type === 'lifetime' ? 'lifetime_budget' : 'daily_budget';
    if (budget === undefined || budget === null) errors[field] = ['This field is required.'];
    else if (budget < min) errors[field] = [`The budget must be at least ${min} ${f.currency}.`];
    if (
      f.budget_type === 'lifetime' &&
      f.daily_budget !== undefined &&
      f.daily_budget !== null &&
      budget !== undefined &&
      budget !== null &&
      f.daily_budget > budget
    )
      errors.daily_budget = ['The daily budget cannot exceed the lifetime budget.'];
    const start = f.start ? new Date(f.start) : null;
    const end = f.end ? new Date(f.end) : null;
    if (start && end && end <= start) errors.end = ['The end must be after the start.'];
    if (f.budget_type === 'lifetime' && !end) errors.end = ['A lifetime budget needs an end date.'];
    if (!(await repo.grantOf(teamId, f.ad_account_id))) errors.ad_account_id = [NOT_GRANTED];
    if (Object.keys(errors).length > 0) throw new BadRequest(errors);
    return {
      name: f.name,
      objective: f.objective,
      adAccountId: f.ad_account_id,
      currency: f.currency,
      budgetType: f.budget_type,
      lifetimeBudget: f.budget_type === 'lifetime' ? String(budget) : null,
      dailyBudget: f.daily_budget === undefined || f.daily_budget === null ? null : String(f.daily_budget),
      start,
      end,
    };
  }

  // ---- X ----

  async function xCall<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw xError(error);
    }
  }
  /** X's refusals as SPEC §8 bodies: 429 with a wait, 503 unreachable, 400 otherwise. */
  function xError(error: unknown): Error {
    if (!(error instanceof XAdsCallError)) return error as Error;
    if (error.status === 429) return new TooManyRequests(error.message, 60);
    if (error.status === 0 || error.status >= 500) return new ServiceUnavailable(error.message);
    return new BadRequest({ non_field_errors: [error.message] });
  }

  async function grantorTokens(c: CampaignRow): Promise<AdsUserTokens> {
    const grant = await repo.grantOf(c.teamId, c.adAccountId);
    if (!grant) throw new BadRequest({ ad_account_id: [NOT_GRANTED] });
    const tokens = await deps.tokensOf(grant.userId);
    if (!tokens) throw new BadRequest({ non_field_errors: [CONNECT_GRANTOR] });
    return tokens;
  }

  const xTime = (d: Date | null) =>
    d ? new Date(Math.ceil(d.getTime() / 3_600_000) * 3_600_000).toISOString() : undefined;

  /** The package's criteria with catalogue labels resolved to X's targeting values. */
  async function resolveCriteria(tokens: AdsUserTokens, pkg: TargetingPackage): Promise<SentCriterion[]> {
    const out: SentCriterion[] = [];
    for (const c of plannedCriteria(pkg).criteria) {
      if ('targeting_value' in c) {
        out.push({ type: c.targeting_type, value: c.targeting_value, name: c.name });
        continue;
      }
      const found = await ads.searchCatalogue(tokens, c.catalogue, c.label, c.extra);
      const fold = (s: string) => s.trim().toLowerCase();
      const match =
        found.find((f) => fold(f.name) === fold(c.label)) ??
        found.find((f) => fold(f.name).startsWith(fold(c.label)));
      if (!match)
        throw new XAdsCallError(
          `X has no ${c.targeting_type.toLowerCase().replace(/_/g, ' ')} named "${c.label}".`,
          400,
        );
      out.push({ type: c.targeting_type, value: match.targeting_value, name: match.name });
    }
    return out;
  }

  /**
   * Publishes a draft: the campaign (paused while it is built), one line item per ad set with the
   * targeting criteria of its audience, one promoted-only post per ad, then the campaign goes
   * ACTIVE. A failure midway deletes the X campaign (with its line items) and says so.
   */
  async function publish(c: CampaignRow): Promise<void> {
    const adsets = await repo.adsetsOf(c.id);
    if (adsets.length === 0)
      throw new BadRequest({ non_field_errors: ['Add at least one ad set before publishing.'] });
    const allAds = await repo.adsOf(adsets.map((a) => a.adset.id));
    const empty = adsets.find((a) => !allAds.some((ad) => ad.ad.adsetId === a.adset.id));
    if (empty) throw new BadRequest({ non_field_errors: [`The ad set "${empty.adset.name}" has no ads.`] });
    const packages = new Map<number, TargetingPackage>();
    for (const a of adsets) {
      const config =
        a.adset.audienceConfigId === null ? undefined : await repo.audienceConfig(a.adset.audienceConfigId);
      const pkg = config?.targetingPackage ?? a.adset.targetingPackage;
      if (!pkg)
        throw new BadRequest({
          non_field_errors: [`The audience of the ad set "${a.adset.name}" no longer exists.`],
        });
      packages.set(a.adset.id, pkg);
    }
    const tokens = await grantorTokens(c);
    const instruments = await xCall(() => ads.fundingInstruments(tokens, c.adAccountId));
    const xCurrency = (cur: string) => (cur === 'YEN' ? 'JPY' : cur);
    const instrument = instruments.find(
      (i) => !i.cancelled && (c.currency === 'Other' || i.currency === xCurrency(c.currency)),
    );
    if (!instrument) {
      const theirs = instruments[0]?.currency;
      throw new BadRequest({
        currency: [
          theirs
            ? `The ad account pays in ${theirs}; set the campaign's currency to ${theirs === 'JPY' ? 'YEN' : theirs}.`
            : 'The ad account has no funding instrument on X.',
        ],
      });
    }
    const lifetime = num(c.lifetimeBudget);
    const daily = num(c.dailyBudget) ?? lifetime ?? 0;
    let xCampaignId: string | undefined;
    const done: {
      adsetId: number;
      lineItemId: string;
      targeting: SentCriterion[];
      ads: { id: number; tweet: string; promoted: string }[];
    }[] = [];
    try {
      const created = await ads.createCampaign(tokens, c.adAccountId, {
        name: c.name,
        funding_instrument_id: instrument.id,
        daily_budget_amount_local_micro: Math.round(daily * MICRO),
        ...(lifetime !== null && { total_budget_amount_local_micro: Math.round(lifetime * MICRO) }),
        ...(c.start && { start_time: xTime(c.start) }),
        ...(c.end && { end_time: xTime(c.end) }),
        entity_status: 'PAUSED',
      });
      xCampaignId = created.id;
      for (const a of adsets) {
        const li = await ads.createLineItem(tokens, c.adAccountId, {
          campaign_id: created.id,
          name: a.adset.name,
          objective: c.objective,
          product_type: 'PROMOTED_TWEETS',
          placements: xPlacements(a.adset.placements).join(','),
          bid_strategy: 'AUTO',
          entity_status: 'ACTIVE',
        });
        const targeting = await resolveCriteria(tokens, packages.get(a.adset.id)!);
        for (const t of targeting)
          await ads.createTargeting(tokens, c.adAccountId, li.id, {
            targeting_type: t.type,
            targeting_value: t.value,
          });
        const published: (typeof done)[number]['ads'] = [];
        for (const ad of allAds.filter((x) => x.ad.adsetId === a.adset.id)) {
          const mediaKeys: string[] = [];
          if (ad.media) {
            const m = await ads.addMedia(tokens, c.adAccountId, {
              media_url: deps.publicMediaUrl(ad.media),
              name: ad.media.name.slice(0, 255),
              file_name: ad.media.name.slice(0, 255),
            });
            mediaKeys.push(m.media_key);
          }
          const text = ad.creative.url
            ? `${ad.creative.text}\n${ad.creative.url}`.slice(0, 280)
            : ad.creative.text;
          const post = await ads.createPost(tokens, c.adAccountId, { text, media_keys: mediaKeys });
          const promoted = await ads.promote(tokens, c.adAccountId, li.id, post.id);
          published.push({ id: ad.ad.id, tweet: post.id, promoted: promoted.id });
        }
        done.push({ adsetId: a.adset.id, lineItemId: li.id, targeting, ads: published });
      }
      await ads.updateCampaign(tokens, c.adAccountId, created.id, { entity_status: 'ACTIVE' });
    } catch (error) {
      const reason = error instanceof XAdsCallError ? error.message : 'X could not be reached.';
      let rolledBack = xCampaignId === undefined;
      if (xCampaignId !== undefined)
        try {
          await ads.deleteCampaign(tokens, c.adAccountId, xCampaignId);
          rolledBack = true;
        } catch {
          rolledBack = false;
        }
      const message = rolledBack
        ? `Publishing failed: ${reason} Nothing was left on X; the campaign is still a draft.`
        : `Publishing failed: ${reason} The campaign ${xCampaignId} created on X could not be removed; delete it in X Ads Manager.`;
      await repo.updateCampaign(c.id, { xError: message, modified: clock.now() });
      if (error instanceof XAdsCallError && error.status === 429) throw new TooManyRequests(message, 60);
      if (error instanceof XAdsCallError && (error.status === 0 || error.status >= 500))
        throw new ServiceUnavailable(message);
      throw new BadRequest({ non_field_errors: [message] });
    }
    for (const d of done) {
      await repo.updateAdset(d.adsetId, {
        state: 'active',
        xLineItemId: d.lineItemId,
        targeting: d.targeting,
        targetingPackage: packages.get(d.adsetId)!,
      });
      for (const ad of d.ads)
        await repo.updateAd(ad.id, { state: 'active', xTweetId: ad.tweet, xPromotedTweetId: ad.promoted });
    }
    await repo.updateCampaign(c.id, { state: 'active', xCampaignId, xError: null, modified: clock.now() });
  }

  async function setStatus(c: CampaignRow, status: 'Active' | 'Paused'): Promise<void> {
    if (c.state === 'draft') {
      if (status === 'Active') await publish(c);
      return;
    }
    const state: EntityState = status === 'Active' ? 'active' : 'paused';
    if (c.state === state) return;
    const tokens = await grantorTokens(c);
    await xCall(() =>
      ads.updateCampaign(tokens, c.adAccountId, c.xCampaignId!, {
        entity_status: status === 'Active' ? 'ACTIVE' : 'PAUSED',
      }),
    );
    await repo.updateCampaign(c.id, { state, xError: null, modified: clock.now() });
  }

  async function present(id: number): Promise<Campaign> {
    const found = await repo.findCampaign(id);
    if (!found) throw new NotFound();
    return presentCampaign(found);
  }

  const draftOnly = (c: CampaignRow, what: string) => {
    if (c.state !== 'draft')
      throw new BadRequest({
        non_field_errors: [`A published campaign's ${what} cannot be changed; pause it or create another.`],
      });
  };

  // ---- delivery ----

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
    const dayMs = 86_400_000;
    const first = Math.floor(Date.parse(xCampaign.created_at) / dayMs) * dayMs;
    const today = Math.floor(clock.now().getTime() / dayMs) * dayMs;
    const rows = new Map<
      number,
      { day: string; impressions: number; engagements: number; clicks: number; spendMicro: number }[]
    >();
    // Ten windows (70 days) at most; past our own today, only while X still reports delivery.
    for (let w = 0, from = first; w < 10; w++, from += 7 * dayMs) {
      let delivered = 0;
      for (let i = 0; i < all.length; i += 20) {
        const chunk = all.slice(i, i + 20);
        const series = await xCall(() =>
          ads.stats(tokens, c.adAccountId, {
            entity: 'PROMOTED_TWEET',
            ids: chunk.map((a) => a.ad.xPromotedTweetId!),
            start: new Date(from).toISOString(),
            end: new Date(from + 7 * dayMs).toISOString(),
          }),
        );
        for (const a of chunk) {
          const s = series.find((x) => x.id === a.ad.xPromotedTweetId)?.metrics ?? {};
          const at = (metric: string, k: number) => s[metric]?.[k] ?? 0;
          const days = rows.get(a.ad.id) ?? [];
          for (let k = 0; k < 7; k++) {
            const impressions = Math.round(at('impressions', k));
            delivered += impressions;
            if (impressions === 0 && at('billed_charge_local_micro', k) === 0) continue;
            days.push({
              day: new Date(from + k * dayMs).toISOString().slice(0, 10),
              impressions,
              engagements: Math.round(at('engagements', k)),
              clicks: Math.round(at('clicks', k)),
              spendMicro: Math.round(at('billed_charge_local_micro', k)),
            });
          }
          rows.set(a.ad.id, days);
        }
      }
      if (from + 7 * dayMs > today && delivered === 0) break;
    }
    for (const [adId, days] of rows) await repo.replaceStats(adId, days);
    await repo.updateCampaign(c.id, { statsSynced: clock.now() });
  }

  // ---- engine ----

  async function adsetAudiences(campaignId: number) {
    const adsets = await repo.adsetsOf(campaignId);
    const out = [];
    for (const a of adsets) {
      let pkg = a.adset.targetingPackage;
      if (!pkg && a.adset.audienceConfigId !== null)
        pkg = (await repo.audienceConfig(a.adset.audienceConfigId))?.targetingPackage ?? null;
      out.push({ adset: a.adset, pkg });
    }
    return out;
  }

  return {
    statusOf,

    async list(user: UserRow, query: Query): Promise<CampaignList> {
      const { team } = await teams.access(user, query.team);
      const filters = {
        teamId: team.id,
        search: query.search,
        status:
          query.status && query.status !== 'Any status' ? statusFilter(query.status, clock.now()) : undefined,
        objective: query.objective,
        ordering: query.ordering,
        limit: query.limit,
        offset: query.offset,
      };
      const { rows, count } = await repo.listCampaigns(filters);
      const totals = await repo.totals(filters);
      return {
        count,
        next: null,
        results: rows.map(presentCampaign),
        totals: totals.map((t) => ({
          currency: t.currency,
          impressions: t.impressions,
          engagements: t.engagements,
          clicks: t.clicks,
          spent: money(t.spendMicro),
        })),
      };
    },

    async get(user: UserRow, id: number): Promise<Campaign> {
      return presentCampaign((await readable(user, id)).found);
    },

    async create(user: UserRow, input: CampaignFields & { team: string }): Promise<Campaign> {
      const { team } = await teams.access(user, input.team);
      const values = await checkCampaign(team.id, input);
      const now = clock.now();
      const row = await repo.insertCampaign({
        ...(values as typeof campaigns.$inferInsert),
        teamId: team.id,
        createdBy: user.id,
        state: 'draft',
        created: now,
        modified: now,
      });
      return present(row.id);
    },

    async update(
      user: UserRow,
      id: number,
      input: Partial<CampaignFields> & { status?: 'Active' | 'Paused' | undefined },
    ): Promise<Campaign> {
      const found = await writable(user, id);
      const c = found.campaign;
      const { status, ...fields } = input;
      if (Object.values(fields).some((v) => v !== undefined)) {
        draftOnly(c, 'settings');
        const merged: CampaignFields = {
          name: fields.name ?? c.name,
          objective: fields.objective ?? c.objective,
          ad_account_id: fields.ad_account_id ?? c.adAccountId,
          currency: fields.currency ?? c.currency,
          budget_type: fields.budget_type ?? c.budgetType,
          lifetime_budget:
            fields.lifetime_budget !== undefined ? fields.lifetime_budget : num(c.lifetimeBudget),
          daily_budget: fields.daily_budget !== undefined ? fields.daily_budget : num(c.dailyBudget),
          start: fields.start !== undefined ? fields.start : iso(c.start),
          end: fields.end !== undefined ? fields.end : iso(c.end),
        };
        await repo.updateCampaign(id, { ...(await checkCampaign(c.teamId, merged)), modified: clock.now() });
      }
      if (status) await setStatus((await repo.findCampaign(id))!.campaign, status);
      return present(id);
    },

    /** Deletes the campaign here and, when published, on X. */
    async remove(user: UserRow, id: number): Promise<void> {
      const { campaign: c } = await writable(user, id);
      if (c.xCampaignId) {
        const tokens = await grantorTokens(c);
        try {
          await ads.deleteCampaign(tokens, c.adAccountId, c.xCampaignId);
        } catch (error) {
          // Already gone on X: nothing left to undo there.
          if (!(error instanceof XAdsCallError && error.status === 404)) throw xError(error);
        }
      }
      await repo.deleteCampaign(id);
    },

    // ---- ad sets ----
    async adsets(user: UserRow, campaignId: number): Promise<Adset[]> {
      const { found } = await readable(user, campaignId);
      const rows = await repo.adsetsOf(campaignId);
      return rows.map((r) => ({
        id: r.adset.id,
        campaign: r.adset.campaignId,
        name: r.adset.name,
        audience_config: r.adset.audienceConfigId,
        audience_name: r.audienceName,
        placements: r.adset.placements,
        size_bucket: r.adset.sizeBucket,
        status: statusOf(r.adset.state, found.campaign.start, found.campaign.end, clock.now()),
        x_line_item_id: r.adset.xLineItemId,
        targeting: r.adset.targeting,
        ads_count: r.ads,
        impressions: r.impressions,
        spent: money(r.spendMicro),
        date: r.adset.created.toISOString(),
      }));
    },
    async adset(user: UserRow, id: number): Promise<Adset> {
      const row = await repo.findAdset(id);
      if (!row) throw new NotFound();
      const all = await this.adsets(user, row.campaignId);
      return all.find((a) => a.id === id)!;
    },
    async createAdset(user: UserRow, input: AdsetFields & { campaign: number }): Promise<Adset> {
      const { campaign: c } = await writable(user, input.campaign);
      draftOnly(c, 'ad sets');
      await checkAudience(user, c.teamId, input.audience_config);
      const row = await repo.insertAdset({
        campaignId: c.id,
        name: input.name,
        audienceConfigId: input.audience_config,
        placements: input.placements,
        sizeBucket: input.size_bucket,
        created: clock.now(),
      });
      return this.adset(user, row.id);
    },
    async updateAdset(user: UserRow, id: number, input: Partial<AdsetFields>): Promise<Adset> {
      const row = await repo.findAdset(id);
      if (!row) throw new NotFound();
      const { campaign: c } = await writable(user, row.campaignId);
      draftOnly(c, 'ad sets');
      if (input.audience_config !== undefined) await checkAudience(user, c.teamId, input.audience_config);
      await repo.updateAdset(id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.audience_config !== undefined && { audienceConfigId: input.audience_config }),
        ...(input.placements !== undefined && { placements: input.placements }),
        ...(input.size_bucket !== undefined && { sizeBucket: input.size_bucket }),
      });
      return this.adset(user, id);
    },
    async removeAdset(user: UserRow, id: number): Promise<void> {
      const row = await repo.findAdset(id);
      if (!row) throw new NotFound();
      const { campaign: c } = await writable(user, row.campaignId);
      draftOnly(c, 'ad sets');
      await repo.deleteAdset(id);
    },

    // ---- ads ----
    async ads(user: UserRow, campaignId: number): Promise<Ad[]> {
      const { found } = await readable(user, campaignId);
      const adsets = await repo.adsetsOf(campaignId);
      return (await repo.adsOf(adsets.map((a) => a.adset.id))).map((a) => presentAd(a, found.campaign));
    },
    async createAd(
      user: UserRow,
      campaignId: number,
      input: { adset: number; creative: number },
    ): Promise<Ad> {
      const { campaign: c } = await writable(user, campaignId);
      draftOnly(c, 'ads');
      const adset = await repo.findAdset(input.adset);
      if (!adset || adset.campaignId !== c.id)
        throw new BadRequest({ adset: ['This ad set is not part of the campaign.'] });
      const creative = await repo.findCreative(input.creative);
      if (!creative || creative.creative.teamId !== c.teamId)
        throw new BadRequest({ creative: ['Unknown creative.'] });
      const row = await repo.insertAd({
        adsetId: adset.id,
        creativeId: creative.creative.id,
        created: clock.now(),
      });
      const all = await this.ads(user, c.id);
      return all.find((a) => a.id === row.id)!;
    },
    async removeAd(user: UserRow, id: number): Promise<void> {
      const ad = await repo.findAd(id);
      const adset = ad && (await repo.findAdset(ad.adsetId));
      if (!ad || !adset) throw new NotFound();
      const { campaign: c } = await writable(user, adset.campaignId);
      if (ad.xPromotedTweetId) {
        const tokens = await grantorTokens(c);
        await xCall(() => ads.deletePromoted(tokens, c.adAccountId, ad.xPromotedTweetId!));
      }
      await repo.deleteAd(id);
    },
    /** Pauses an active ad or resumes a paused one, on X too. */
    async toggleAd(user: UserRow, id: number): Promise<Ad> {
      const ad = await repo.findAd(id);
      const adset = ad && (await repo.findAdset(ad.adsetId));
      if (!ad || !adset) throw new NotFound();
      const { campaign: c } = await writable(user, adset.campaignId);
      if (ad.state === 'draft' || !ad.xPromotedTweetId)
        throw new BadRequest({
          non_field_errors: ['Publish the campaign before pausing or resuming its ads.'],
        });
      const next: EntityState = ad.state === 'active' ? 'paused' : 'active';
      const tokens = await grantorTokens(c);
      await xCall(() =>
        ads.updatePromoted(tokens, c.adAccountId, ad.xPromotedTweetId!, {
          entity_status: next === 'active' ? 'ACTIVE' : 'PAUSED',
        }),
      );
      await repo.updateAd(id, { state: next });
      const all = await this.ads(user, c.id);
      return all.find((a) => a.id === id)!;
    },

    // ---- creatives ----
    async creatives(user: UserRow, teamRef: string): Promise<AdCreative[]> {
      const { team } = await teams.access(user, teamRef);
      return (await repo.creativesOf(team.id)).map((r) => presentCreative(r.creative, r.media));
    },
    async creative(user: UserRow, id: number): Promise<AdCreative> {
      const row = await repo.findCreative(id);
      if (!row) throw new NotFound();
      await teamMember(user, row.creative.teamId);
      return presentCreative(row.creative, row.media);
    },
    async createCreative(user: UserRow, input: CreativeFields & { team: string }): Promise<AdCreative> {
      const { team } = await teams.access(user, input.team);
      await checkMedia(team.id, input.media);
      if (input.call_to_action && !input.url)
        throw new BadRequest({ url: ['A call to action needs a URL.'] });
      const row = await repo.insertCreative({
        teamId: team.id,
        createdBy: user.id,
        name: input.name,
        text: input.text,
        mediaId: input.media ?? null,
        callToAction: input.call_to_action ?? null,
        url: input.url ?? null,
        created: clock.now(),
      });
      return this.creative(user, row.id);
    },
    async updateCreative(user: UserRow, id: number, input: Partial<CreativeFields>): Promise<AdCreative> {
      const row = await repo.findCreative(id);
      if (!row) throw new NotFound();
      const membership = await teamMember(user, row.creative.teamId);
      if (membership.level !== 'admin' && row.creative.createdBy !== user.id) throw new Forbidden();
      if (input.media !== undefined) await checkMedia(row.creative.teamId, input.media);
      const cta = input.call_to_action !== undefined ? input.call_to_action : row.creative.callToAction;
      const url = input.url !== undefined ? input.url : row.creative.url;
      if (cta && !url) throw new BadRequest({ url: ['A call to action needs a URL.'] });
      await repo.updateCreative(id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.text !== undefined && { text: input.text }),
        ...(input.media !== undefined && { mediaId: input.media }),
        ...(input.call_to_action !== undefined && { callToAction: input.call_to_action }),
        ...(input.url !== undefined && { url: input.url }),
      });
      return this.creative(user, id);
    },
    async removeCreative(user: UserRow, id: number): Promise<void> {
      const row = await repo.findCreative(id);
      if (!row) throw new NotFound();
      const membership = await teamMember(user, row.creative.teamId);
      if (membership.level !== 'admin' && row.creative.createdBy !== user.id) throw new Forbidden();
      if (await repo.creativeInUse(id))
        throw new BadRequest({ non_field_errors: ['This creative is used by an ad; delete the ad first.'] });
      await repo.deleteCreative(id);
    },

    // ---- delivery, reach, segmentations ----
    syncCampaign,
    async syncAll(log: (error: unknown, campaignId: number) => void): Promise<number> {
      let synced = 0;
      for (const c of await repo.publishedCampaigns())
        try {
          await syncCampaign(c);
          synced++;
        } catch (error) {
          log(error, c.id);
        }
      return synced;
    },

    async statstotal(user: UserRow, id: number): Promise<StatsTotal> {
      let { found } = await readable(user, id);
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
    },

    /** The engine's estimate for the ad sets' targeting together (accounts in any ad set). */
    async reach(user: UserRow, id: number): Promise<Reach> {
      const { found } = await readable(user, id);
      const e = engine.get();
      let union: AccountSet | undefined;
      let scale = 1;
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
      const impressions = found.impressions;
      return {
        campaign: id,
        size,
        size_bucket: sizeBucketOf(size),
        adsets: perAdset,
        frequency: size > 0 ? Math.round((impressions / size) * 100) / 100 : 0,
      };
    },

    /**
     * Delivery split by country, age, gender and interest: each ad set's impressions shared out
     * over its audience's make-up (the engine's insights of the targeting).
     */
    async segmentations(user: UserRow, id: number): Promise<Segmentations> {
      await readable(user, id);
      const e = engine.get();
      const byAdset = new Map((await repo.impressionsByAdset(id)).map((r) => [r.adsetId, r.impressions]));
      const acc = {
        country: new Map<string, { label: string; v: number }>(),
        age: new Map(),
        gender: new Map(),
        interest: new Map(),
      } as Record<'country' | 'age' | 'gender' | 'interest', Map<string, { label: string; v: number }>>;
      let total = 0;
      for (const { adset, pkg } of await adsetAudiences(id)) {
        const impressions = byAdset.get(adset.id) ?? 0;
        if (!pkg || impressions === 0) continue;
        total += impressions;
        const insights = e.insights(e.evaluate(pkg), { sampleSize: 2000 });
        const add = (
          kind: keyof typeof acc,
          shares: readonly { key: string; label: string; share: number }[],
        ) => {
          for (const s of shares) {
            const cur = acc[kind].get(s.key) ?? { label: s.label, v: 0 };
            cur.v += impressions * s.share;
            acc[kind].set(s.key, cur);
          }
        };
        add('country', insights.locations.countries);
        add('age', insights.demographics.ageBands);
        add('gender', insights.demographics.gender);
        add('interest', insights.interests.interests.slice(0, 20));
      }
      const out = (kind: keyof typeof acc, limit: number) =>
        [...acc[kind].entries()]
          .map(([key, { label, v }]) => ({ key, label, impressions: Math.round(v) }))
          .filter((s) => s.impressions > 0)
          .sort((a, b) => b.impressions - a.impressions)
          .slice(0, limit);
      return {
        campaign: id,
        impressions: total,
        country: out('country', 20),
        age: out('age', 20),
        gender: out('gender', 5),
        interest: out('interest', 20),
      };
    },

    async contentCategories() {
      return (await repo.contentCategories()).map((c) => ({ id: c.id, name: c.name, name_ja: c.nameJa }));
    },
    async advertiserCategories() {
      return (await repo.advertiserCategories()).map((c) => ({ id: c.id, name: c.name, name_ja: c.nameJa }));
    },

    /**
     * POST /api/campaign-summary-pdf/: the campaign's summary in the caller's language. Reach and
     * segmentations are left out (not failed) while the engine is still loading.
     */
    async summaryPdf(user: UserRow, id: number): Promise<{ pdf: Buffer; fileName: string }> {
      const stats = await this.statstotal(user, id);
      const campaign = await this.get(user, id);
      const optional = async <T>(run: () => Promise<T>): Promise<T | null> => {
        try {
          return await run();
        } catch (error) {
          if (error instanceof ServiceUnavailable) return null;
          throw error;
        }
      };
      const pdf = await renderCampaignSummary(
        {
          campaign,
          stats,
          reach: await optional(() => this.reach(user, id)),
          segmentations: await optional(() => this.segmentations(user, id)),
          adsets: await this.adsets(user, id),
          ads: await this.ads(user, id),
        },
        user.language === 'ja' ? 'ja' : 'en',
        clock.now(),
      );
      const safe = campaign.name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'campaign';
      return { pdf, fileName: `${safe}.pdf` };
    },
  };

  async function checkAudience(user: UserRow, teamId: number, configId: number): Promise<void> {
    const config = await repo.audienceConfig(configId);
    // The team's audiences and the caller's own are usable; anything else is as good as unknown.
    if (!config || (config.teamId !== teamId && config.ownerId !== user.id))
      throw new BadRequest({ audience_config: ['Unknown audience.'] });
  }
  async function checkMedia(teamId: number, mediaId: number | null | undefined): Promise<void> {
    if (mediaId === undefined || mediaId === null) return;
    const media = await repo.findMedia(mediaId);
    if (!media || media.teamId !== teamId) throw new BadRequest({ media: ['Unknown media.'] });
  }
}
