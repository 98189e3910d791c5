import type { Ad, AdAccountFunding, Adset, Campaign } from '@murmur/core/api';
import { currencyFromX, DEFAULT_CURRENCY, type Currency } from '@murmur/core/format';
import { minimumBudget } from '@murmur/core/api';
import type { EntityState, UserRow } from '../../db/schema';
import type { campaigns } from '../../db/schema';
import { BadRequest, NotFound, ServiceUnavailable } from '../../errors';
import { XError } from '../../integrations/x';
import type { CampaignRow } from './campaigns.repository';
import {
  CONNECT_GRANTOR,
  NOT_GRANTED,
  createCampaignAccess,
  grantorTokensOf,
  xCall,
  xError,
  type CampaignsDeps,
} from './campaign-context';
import { createCampaignDelivery } from './campaign-delivery';
import { createCampaignList } from './campaign-list';
import { createPresenters, iso, num } from './campaign-presenters';
import { createCampaignPublisher } from './campaign-publisher';
import { statusOf } from './campaign-status';
import { createCreativesService } from './creatives.service';
import { renderCampaignSummary } from './summary-pdf';

export {
  CONNECT_GRANTOR,
  NOT_GRANTED,
  type CampaignsDeps,
  type MembershipOf,
  type TeamAccess,
  type XTokensOf,
} from './campaign-context';
export type { MediaUrls } from './campaign-presenters';
export { statusOf } from './campaign-status';

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

export type CampaignsService = ReturnType<typeof createCampaignsService>;

/**
 * SPEC §7 Ads and Campaigns: a team's campaigns, ad sets and ads (this file), creatives
 * (./creatives.service.ts), publishing to X (./campaign-publisher.ts) and delivery, reach and
 * segmentations (./campaign-delivery.ts).
 */
export function createCampaignsService(deps: CampaignsDeps) {
  const { repo, teams, ads, clock } = deps;
  const access = createCampaignAccess(deps);
  const { readable, writable } = access;
  const present = createPresenters(clock, deps.mediaUrls);
  const publisher = createCampaignPublisher(deps);
  const delivery = createCampaignDelivery(deps, access);
  const creatives = createCreativesService(deps, access, present);
  const grantorTokens = grantorTokensOf(deps);
  const list = createCampaignList(deps, present);

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

  async function checkAudience(user: UserRow, teamId: number, configId: number): Promise<void> {
    const config = await repo.audienceConfig(configId);
    // The team's audiences and the caller's own are usable; anything else is as good as unknown.
    if (!config || (config.teamId !== teamId && config.ownerId !== user.id))
      throw new BadRequest({ audience_config: ['Unknown audience.'] });
  }

  async function presentById(id: number): Promise<Campaign> {
    const found = await repo.findCampaign(id);
    if (!found) throw new NotFound();
    return present.campaign(found);
  }

  const draftOnly = (c: CampaignRow, what: string) => {
    if (c.state !== 'draft')
      throw new BadRequest({
        non_field_errors: [`A published campaign's ${what} cannot be changed; pause it or create another.`],
      });
  };

  /** An ad with the campaign it belongs to, for a caller who may change it. */
  async function writableAd(user: UserRow, id: number) {
    const ad = await repo.findAd(id);
    const adset = ad && (await repo.findAdset(ad.adsetId));
    if (!ad || !adset) throw new NotFound();
    const { campaign } = await writable(user, adset.campaignId);
    return { ad, campaign };
  }

  const service = {
    statusOf,

    ...list,

    /**
     * The currency a campaign on a granted ad account pays in: its first live funding instrument's
     * on X (SPEC §3 names JPY YEN; a currency outside SPEC's list is Other), so the wizard can
     * default to it and publishing does not fail on a mismatch.
     */
    async funding(user: UserRow, teamRef: string, adAccountId: string): Promise<AdAccountFunding> {
      const { team } = await teams.access(user, teamRef);
      const grant = await repo.grantOf(team.id, adAccountId);
      if (!grant) throw new BadRequest({ ad_account_id: [NOT_GRANTED] });
      const tokens = await deps.tokensOf(grant.userId);
      if (!tokens) throw new BadRequest({ non_field_errors: [CONNECT_GRANTOR] });
      const instruments = await xCall(() => ads.fundingInstruments(tokens, adAccountId));
      const xCurrency = instruments.find((i) => !i.cancelled)?.currency ?? null;
      const currency: Currency = xCurrency === null ? DEFAULT_CURRENCY : currencyFromX(xCurrency);
      return { ad_account_id: adAccountId, currency, x_currency: xCurrency };
    },

    async get(user: UserRow, id: number): Promise<Campaign> {
      return present.campaign((await readable(user, id)).found);
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
      return presentById(row.id);
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
      if (status) await publisher.setStatus((await repo.findCampaign(id))!.campaign, status);
      return presentById(id);
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
          if (!(error instanceof XError && error.status === 404)) throw xError(error);
        }
      }
      await repo.deleteCampaign(id);
      delivery.forget(id);
    },

    // ---- ad sets ----
    async adsets(user: UserRow, campaignId: number): Promise<Adset[]> {
      const { found } = await readable(user, campaignId);
      return (await repo.adsetsOf(campaignId)).map((r) => present.adset(r, found.campaign));
    },
    async adset(user: UserRow, id: number): Promise<Adset> {
      const row = await repo.findAdset(id);
      if (!row) throw new NotFound();
      const all = await service.adsets(user, row.campaignId);
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
      return service.adset(user, row.id);
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
      return service.adset(user, id);
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
      return (await repo.adsOf(adsets.map((a) => a.adset.id))).map((a) => present.ad(a, found.campaign));
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
      const all = await service.ads(user, c.id);
      return all.find((a) => a.id === row.id)!;
    },
    async removeAd(user: UserRow, id: number): Promise<void> {
      const { ad, campaign: c } = await writableAd(user, id);
      if (ad.xPromotedTweetId) {
        const tokens = await grantorTokens(c);
        await xCall(() => ads.deletePromoted(tokens, c.adAccountId, ad.xPromotedTweetId!));
      }
      await repo.deleteAd(id);
    },
    /** Pauses an active ad or resumes a paused one, on X too. */
    async toggleAd(user: UserRow, id: number): Promise<Ad> {
      const { ad, campaign: c } = await writableAd(user, id);
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
      const all = await service.ads(user, c.id);
      return all.find((a) => a.id === id)!;
    },

    // ---- creatives ----
    ...creatives,

    // ---- delivery, reach, segmentations ----
    syncCampaign: delivery.syncCampaign,
    syncAll: delivery.syncAll,
    statstotal: delivery.statstotal,
    reach: delivery.reach,
    segmentations: delivery.segmentations,

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
      const stats = await delivery.statstotal(user, id);
      const campaign = await service.get(user, id);
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
          reach: await optional(() => delivery.reach(user, id)),
          segmentations: await optional(() => delivery.segmentations(user, id)),
          adsets: await service.adsets(user, id),
          ads: await service.ads(user, id),
        },
        user.language === 'ja' ? 'ja' : 'en',
        clock.now(),
      );
      const safe = campaign.name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'campaign';
      return { pdf, fileName: `${safe}.pdf` };
    },
  };
  return service;
}
