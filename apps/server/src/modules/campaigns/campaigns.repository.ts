import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { campaignListQueries, filtersOf, type CampaignFilters } from './campaign-list.repository';
import { excluded } from '../../db/excluded';
import {
  adCreatives,
  adMedia,
  adStats,
  ads,
  adsets,
  advertiserCategories,
  audienceConfigs,
  campaigns,
  contentCategories,
  grantedAccounts,
  memberships,
  teams,
  users,
} from '../../db/schema';

export type CampaignRow = typeof campaigns.$inferSelect;
export type AdsetRow = typeof adsets.$inferSelect;
export type AdRow = typeof ads.$inferSelect;
export type CreativeRow = typeof adCreatives.$inferSelect;
export type MediaRow = typeof adMedia.$inferSelect;
export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;

/** Delivery sums of a campaign's ads (0 before any delivery). */
const campaignSums = {
  impressions: sql<number>`coalesce((select sum(${adStats.impressions}) from ${adStats} join ${ads} on ${ads.id} = ${adStats.adId} join ${adsets} on ${adsets.id} = ${ads.adsetId} where ${adsets.campaignId} = ${campaigns.id}), 0)::int`,
  spendMicro: sql<number>`coalesce((select sum(${adStats.spendMicro}) from ${adStats} join ${ads} on ${ads.id} = ${adStats.adId} join ${adsets} on ${adsets.id} = ${ads.adsetId} where ${adsets.campaignId} = ${campaigns.id}), 0)::float8`,
  adsets: sql<number>`(select count(*) from ${adsets} where ${adsets.campaignId} = ${campaigns.id})::int`,
  ads: sql<number>`(select count(*) from ${ads} join ${adsets} on ${adsets.id} = ${ads.adsetId} where ${adsets.campaignId} = ${campaigns.id})::int`,
};
const joined = {
  campaign: campaigns,
  team: { id: teams.id, slug: teams.slug, name: teams.name },
  creator: { id: users.id, email: users.email },
  ...campaignSums,
};
export interface JoinedCampaign {
  campaign: CampaignRow;
  team: { id: number; slug: string; name: string };
  creator: { id: number; email: string };
  impressions: number;
  spendMicro: number;
  adsets: number;
  ads: number;
}

const ORDER: Record<string, SQL[]> = {
  '-date': [desc(campaigns.created), desc(campaigns.id)],
  date: [asc(campaigns.created), asc(campaigns.id)],
  name: [asc(sql`lower(${campaigns.name})`), asc(campaigns.id)],
  '-name': [desc(sql`lower(${campaigns.name})`), desc(campaigns.id)],
  spent: [asc(campaignSums.spendMicro), asc(campaigns.id)],
  '-spent': [desc(campaignSums.spendMicro), desc(campaigns.id)],
};

/** An ad with its creative and the creative's media. */
export interface JoinedAd {
  ad: AdRow;
  creative: CreativeRow;
  media: MediaRow | null;
  impressions: number;
  spendMicro: number;
}

export function createCampaignsRepository(db: Db) {
  const campaignQuery = () =>
    db
      .select(joined)
      .from(campaigns)
      .innerJoin(teams, eq(teams.id, campaigns.teamId))
      .innerJoin(users, eq(users.id, campaigns.createdBy));

  return {
    ...campaignListQueries(db),
    async listCampaigns(f: CampaignFilters): Promise<{ rows: JoinedCampaign[]; count: number }> {
      const where = filtersOf(f);
      const rows = await campaignQuery()
        .where(where)
        .orderBy(...(ORDER[f.ordering] ?? ORDER['-date']!))
        .limit(f.limit)
        .offset(f.offset);
      const [total] = await db.select({ n: count() }).from(campaigns).where(where);
      return { rows, count: total?.n ?? 0 };
    },

    async findCampaign(id: number): Promise<JoinedCampaign | undefined> {
      const [row] = await campaignQuery().where(eq(campaigns.id, id));
      return row;
    },

    async insertCampaign(values: typeof campaigns.$inferInsert): Promise<CampaignRow> {
      const [row] = await db.insert(campaigns).values(values).returning();
      return row!;
    },

    async updateCampaign(id: number, values: Partial<typeof campaigns.$inferInsert>): Promise<void> {
      await db.update(campaigns).set(values).where(eq(campaigns.id, id));
    },

    /**
     * Records `milestone` as the campaign's announced delivery milestone when it is larger than the
     * one recorded; true for the one call that does (concurrent syncs announce it once).
     */
    async claimMilestone(id: number, milestone: number): Promise<boolean> {
      const rows = await db
        .update(campaigns)
        .set({ impressionsMilestone: milestone })
        .where(and(eq(campaigns.id, id), lt(campaigns.impressionsMilestone, milestone)))
        .returning({ id: campaigns.id });
      return rows.length > 0;
    },

    async deleteCampaign(id: number): Promise<void> {
      await db.delete(campaigns).where(eq(campaigns.id, id));
    },

    /** Published campaigns, for the delivery sync. */
    async publishedCampaigns(): Promise<CampaignRow[]> {
      return db
        .select()
        .from(campaigns)
        .where(sql`${campaigns.xCampaignId} is not null and ${campaigns.state} <> 'draft'`);
    },

    /** Whether the ad account was granted to the team (by any of its members), and by whom. */
    async grantOf(teamId: number, accountId: string): Promise<{ userId: number } | undefined> {
      const [row] = await db
        .select({ userId: memberships.userId })
        .from(grantedAccounts)
        .innerJoin(memberships, eq(memberships.id, grantedAccounts.membershipId))
        .where(
          and(
            eq(memberships.teamId, teamId),
            eq(grantedAccounts.network, 'twitter'),
            eq(grantedAccounts.accountId, accountId),
          ),
        )
        .orderBy(asc(grantedAccounts.id))
        .limit(1);
      return row;
    },

    async membership(userId: number, teamId: number): Promise<{ level: string } | undefined> {
      const [row] = await db
        .select({ level: memberships.level })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.teamId, teamId)));
      return row;
    },

    // ---- ad sets ----
    async adsetsOf(campaignId: number) {
      return db
        .select({
          adset: adsets,
          audienceName: audienceConfigs.name,
          /** The saved audience's current package (the published one is `adset.targetingPackage`). */
          audiencePackage: audienceConfigs.targetingPackage,
          ads: sql<number>`(select count(*) from ${ads} where ${ads.adsetId} = ${adsets.id})::int`,
          impressions: sql<number>`coalesce((select sum(${adStats.impressions}) from ${adStats} join ${ads} on ${ads.id} = ${adStats.adId} where ${ads.adsetId} = ${adsets.id}), 0)::int`,
          spendMicro: sql<number>`coalesce((select sum(${adStats.spendMicro}) from ${adStats} join ${ads} on ${ads.id} = ${adStats.adId} where ${ads.adsetId} = ${adsets.id}), 0)::float8`,
        })
        .from(adsets)
        .leftJoin(audienceConfigs, eq(audienceConfigs.id, adsets.audienceConfigId))
        .where(eq(adsets.campaignId, campaignId))
        .orderBy(asc(adsets.id));
    },
    async findAdset(id: number) {
      const [row] = await db.select().from(adsets).where(eq(adsets.id, id));
      return row;
    },
    async insertAdset(values: typeof adsets.$inferInsert): Promise<AdsetRow> {
      const [row] = await db.insert(adsets).values(values).returning();
      return row!;
    },
    async updateAdset(id: number, values: Partial<typeof adsets.$inferInsert>): Promise<void> {
      await db.update(adsets).set(values).where(eq(adsets.id, id));
    },
    async deleteAdset(id: number): Promise<void> {
      await db.delete(adsets).where(eq(adsets.id, id));
    },
    async audienceConfig(id: number) {
      const [row] = await db.select().from(audienceConfigs).where(eq(audienceConfigs.id, id));
      return row;
    },

    // ---- ads ----
    async adsOf(adsetIds: number[]): Promise<JoinedAd[]> {
      if (adsetIds.length === 0) return [];
      return db
        .select({
          ad: ads,
          creative: adCreatives,
          media: adMedia,
          impressions: sql<number>`coalesce((select sum(${adStats.impressions}) from ${adStats} where ${adStats.adId} = ${ads.id}), 0)::int`,
          spendMicro: sql<number>`coalesce((select sum(${adStats.spendMicro}) from ${adStats} where ${adStats.adId} = ${ads.id}), 0)::float8`,
        })
        .from(ads)
        .innerJoin(adCreatives, eq(adCreatives.id, ads.creativeId))
        .leftJoin(adMedia, eq(adMedia.id, adCreatives.mediaId))
        .where(inArray(ads.adsetId, adsetIds))
        .orderBy(asc(ads.id));
    },
    async findAd(id: number) {
      const [row] = await db.select().from(ads).where(eq(ads.id, id));
      return row;
    },
    async insertAd(values: typeof ads.$inferInsert): Promise<AdRow> {
      const [row] = await db.insert(ads).values(values).returning();
      return row!;
    },
    async updateAd(id: number, values: Partial<typeof ads.$inferInsert>): Promise<void> {
      await db.update(ads).set(values).where(eq(ads.id, id));
    },
    async deleteAd(id: number): Promise<void> {
      await db.delete(ads).where(eq(ads.id, id));
    },

    // ---- creatives ----
    async creativesOf(teamId: number) {
      return db
        .select({ creative: adCreatives, media: adMedia })
        .from(adCreatives)
        .leftJoin(adMedia, eq(adMedia.id, adCreatives.mediaId))
        .where(eq(adCreatives.teamId, teamId))
        .orderBy(desc(adCreatives.created), desc(adCreatives.id));
    },
    async findCreative(id: number) {
      const [row] = await db
        .select({ creative: adCreatives, media: adMedia })
        .from(adCreatives)
        .leftJoin(adMedia, eq(adMedia.id, adCreatives.mediaId))
        .where(eq(adCreatives.id, id));
      return row;
    },
    async insertCreative(values: typeof adCreatives.$inferInsert): Promise<CreativeRow> {
      const [row] = await db.insert(adCreatives).values(values).returning();
      return row!;
    },
    async updateCreative(id: number, values: Partial<typeof adCreatives.$inferInsert>): Promise<void> {
      await db.update(adCreatives).set(values).where(eq(adCreatives.id, id));
    },
    async deleteCreative(id: number): Promise<void> {
      await db.delete(adCreatives).where(eq(adCreatives.id, id));
    },
    async creativeInUse(id: number): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(ads).where(eq(ads.creativeId, id));
      return (row?.n ?? 0) > 0;
    },
    async findMedia(id: number) {
      const [row] = await db.select().from(adMedia).where(eq(adMedia.id, id));
      return row;
    },

    // ---- delivery ----
    async replaceStats(
      adId: number,
      days: { day: string; impressions: number; engagements: number; clicks: number; spendMicro: number }[],
    ): Promise<void> {
      if (days.length === 0) return;
      await db
        .insert(adStats)
        .values(days.map((d) => ({ adId, ...d })))
        .onConflictDoUpdate({
          target: [adStats.adId, adStats.day],
          set: excluded(adStats, ['impressions', 'engagements', 'clicks', 'spendMicro']),
        });
    },
    async dailyStats(campaignId: number) {
      return db
        .select({
          day: adStats.day,
          impressions: sql<number>`sum(${adStats.impressions})::int`,
          engagements: sql<number>`sum(${adStats.engagements})::int`,
          clicks: sql<number>`sum(${adStats.clicks})::int`,
          spendMicro: sql<number>`sum(${adStats.spendMicro})::float8`,
        })
        .from(adStats)
        .innerJoin(ads, eq(ads.id, adStats.adId))
        .innerJoin(adsets, eq(adsets.id, ads.adsetId))
        .where(eq(adsets.campaignId, campaignId))
        .groupBy(adStats.day)
        .orderBy(asc(adStats.day));
    },
    async impressionsByAdset(campaignId: number) {
      return db
        .select({
          adsetId: adsets.id,
          impressions: sql<number>`coalesce(sum(${adStats.impressions}), 0)::int`,
        })
        .from(adsets)
        .leftJoin(ads, eq(ads.adsetId, adsets.id))
        .leftJoin(adStats, eq(adStats.adId, ads.id))
        .where(eq(adsets.campaignId, campaignId))
        .groupBy(adsets.id);
    },

    async contentCategories() {
      return db.select().from(contentCategories).orderBy(asc(contentCategories.id));
    },
    async advertiserCategories() {
      return db.select().from(advertiserCategories).orderBy(asc(advertiserCategories.id));
    },
  };
}
