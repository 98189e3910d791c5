import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { adStats, ads, adsets, campaigns } from '../../db/schema';

/** `%` and `_` typed by the user are searched for literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface CampaignFilters {
  teamId: number;
  search?: string | undefined;
  /** SQL over the stored state and schedule that matches a displayed status. */
  status?: SQL | undefined;
  objective?: string | undefined;
  ordering: string;
  limit: number;
  offset: number;
}

/** The list's filters as SQL over campaigns (its page, its count and its totals). */
export const filtersOf = (f: CampaignFilters): SQL | undefined =>
  and(
    eq(campaigns.teamId, f.teamId),
    f.search ? ilike(campaigns.name, `%${escapeLike(f.search)}%`) : undefined,
    f.status,
    f.objective
      ? eq(campaigns.objective, f.objective as (typeof campaigns.$inferSelect)['objective'])
      : undefined,
  );

/** A team's campaigns list beyond its page (campaigns.repository.ts `listCampaigns`). */
export function campaignListQueries(db: Db) {
  return {
    /** Delivery totals of every campaign the filters match, by currency. */
    async totals(f: CampaignFilters) {
      return db
        .select({
          currency: campaigns.currency,
          impressions: sql<number>`coalesce(sum(${adStats.impressions}), 0)::int`,
          engagements: sql<number>`coalesce(sum(${adStats.engagements}), 0)::int`,
          clicks: sql<number>`coalesce(sum(${adStats.clicks}), 0)::int`,
          spendMicro: sql<number>`coalesce(sum(${adStats.spendMicro}), 0)::float8`,
        })
        .from(campaigns)
        .leftJoin(adsets, eq(adsets.campaignId, campaigns.id))
        .leftJoin(ads, eq(ads.adsetId, adsets.id))
        .leftJoin(adStats, eq(adStats.adId, ads.id))
        .where(filtersOf(f))
        .groupBy(campaigns.currency)
        .orderBy(campaigns.currency);
    },

    /**
     * The first start or end of any of the team's campaigns after `now` (statusOf's boundaries),
     * or null when none is ahead.
     */
    async nextScheduleChange(teamId: number, now: Date): Promise<Date | null> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const [row] = await db
        .select({
          at: sql<
            string | Date | null
          >`least(min(${campaigns.start}) filter (where ${campaigns.start} > ${at}), min(${campaigns.end}) filter (where ${campaigns.end} > ${at}))`,
        })
        .from(campaigns)
        .where(eq(campaigns.teamId, teamId));
      return row?.at ? new Date(row.at) : null;
    },
  };
}
