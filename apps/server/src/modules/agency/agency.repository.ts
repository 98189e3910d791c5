import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  adAccounts,
  adStats,
  ads,
  adsets,
  audienceConfigs,
  campaigns,
  grantedAccounts,
  memberships,
  teams,
  uploadedAudiences,
  type AudienceConfigRow,
} from '../../db/schema';

export type AgencyRepository = ReturnType<typeof createAgencyRepository>;

/** Delivery of one campaign's ads as X reported it, between two UTC days (inclusive; none: all). */
const deliverySums = (from?: string, to?: string) => {
  const days: SQL = from && to ? sql` and ${adStats.day} >= ${from} and ${adStats.day} <= ${to}` : sql``;
  const sum = (column: SQL) =>
    sql`coalesce((select sum(${column}) from ${adStats} join ${ads} on ${ads.id} = ${adStats.adId} join ${adsets} on ${adsets.id} = ${ads.adsetId} where ${adsets.campaignId} = ${campaigns.id}${days}), 0)`;
  return {
    impressions: sql<number>`${sum(sql`${adStats.impressions}`)}::int`.as('impressions'),
    engagements: sql<number>`${sum(sql`${adStats.engagements}`)}::int`.as('engagements'),
    clicks: sql<number>`${sum(sql`${adStats.clicks}`)}::int`.as('clicks'),
    spendMicro: sql<number>`${sum(sql`${adStats.spendMicro}`)}::float8`.as('spend_micro'),
  };
};

/**
 * The agency view's reads (docs/AGENCY.md "Agency view"). Every read takes the ids of the teams at
 * once, so one overview is a fixed number of queries however many teams the caller is in; `limit` keeps
 * the first rows of each team (window functions), none: all of them (a team's report).
 */
export function createAgencyRepository(db: Db, audienceStatus: SQL<AudienceConfigRow['status']>) {
  return {
    /** The caller's teams with their level: the only teams the other reads are asked about. */
    teamsOf: (userId: number) =>
      db
        .select({ team: teams, level: memberships.level })
        .from(memberships)
        .innerJoin(teams, eq(teams.id, memberships.teamId))
        .where(eq(memberships.userId, userId))
        .orderBy(teams.name, teams.id),

    /** Granted X ad accounts, named as the granting member's ad-account list names them. */
    grants: (teamIds: number[]) =>
      db
        .selectDistinctOn([memberships.teamId, grantedAccounts.accountId], {
          teamId: memberships.teamId,
          accountId: grantedAccounts.accountId,
          name: adAccounts.name,
        })
        .from(grantedAccounts)
        .innerJoin(memberships, eq(memberships.id, grantedAccounts.membershipId))
        .leftJoin(
          adAccounts,
          and(
            eq(adAccounts.userId, memberships.userId),
            eq(adAccounts.network, grantedAccounts.network),
            eq(adAccounts.accountId, grantedAccounts.accountId),
          ),
        )
        .where(and(inArray(memberships.teamId, teamIds), eq(grantedAccounts.network, 'twitter')))
        .orderBy(memberships.teamId, grantedAccounts.accountId),

    /** Active saved audiences per team, largest first, with each team's count of them. */
    async activeAudiences(teamIds: number[], limit?: number) {
      const withStatus = db
        .select({
          teamId: audienceConfigs.teamId,
          id: audienceConfigs.id,
          name: audienceConfigs.name,
          size: audienceConfigs.size,
          sampleCount: audienceConfigs.sampleCount,
          status: audienceStatus.as('status'),
        })
        .from(audienceConfigs)
        .where(inArray(audienceConfigs.teamId, teamIds))
        .as('with_status');
      const ranked = db
        .select({
          teamId: withStatus.teamId,
          id: withStatus.id,
          name: withStatus.name,
          size: withStatus.size,
          sampleCount: withStatus.sampleCount,
          rank: sql<number>`row_number() over (partition by ${withStatus.teamId} order by ${withStatus.size} desc, ${withStatus.id})`.as(
            'rank',
          ),
          total: sql<number>`(count(*) over (partition by ${withStatus.teamId}))::int`.as('total'),
        })
        .from(withStatus)
        .where(eq(withStatus.status, 'Active'))
        .as('ranked');
      return db
        .select()
        .from(ranked)
        .where(limit === undefined ? undefined : sql`${ranked.rank} <= ${limit}`)
        .orderBy(ranked.teamId, ranked.rank);
    },

    /**
     * Uploads to X per team, latest first, with each team's count of them; with `made`, only those
     * made from its start (inclusive) to its end (exclusive).
     */
    async uploads(teamIds: number[], options: { limit?: number; made?: { start: Date; end: Date } } = {}) {
      const { limit, made } = options;
      const u = uploadedAudiences;
      const ranked = db
        .select({
          teamId: u.teamId,
          id: u.id,
          name: u.name,
          accountId: u.accountId,
          accountName: u.accountName,
          state: u.state,
          audienceSize: u.audienceSize,
          created: u.created,
          rank: sql<number>`row_number() over (partition by ${u.teamId} order by ${u.created} desc, ${u.id} desc)`.as(
            'rank',
          ),
          total: sql<number>`(count(*) over (partition by ${u.teamId}))::int`.as('total'),
        })
        .from(u)
        .where(
          and(
            inArray(u.teamId, teamIds),
            made && gte(u.created, made.start),
            made && lt(u.created, made.end),
          ),
        )
        .as('ranked');
      return db
        .select()
        .from(ranked)
        .where(limit === undefined ? undefined : sql`${ranked.rank} <= ${limit}`)
        .orderBy(ranked.teamId, ranked.rank);
    },

    /** Campaigns per team, latest first, with X's delivery summed (within the UTC days, when given). */
    async campaigns(teamIds: number[], options: { limit?: number; from?: string; to?: string } = {}) {
      const c = campaigns;
      const ranked = db
        .select({
          teamId: c.teamId,
          id: c.id,
          name: c.name,
          adAccountId: c.adAccountId,
          state: c.state,
          start: c.start,
          end: c.end,
          currency: c.currency,
          statsSynced: c.statsSynced,
          ...deliverySums(options.from, options.to),
          rank: sql<number>`row_number() over (partition by ${c.teamId} order by ${c.created} desc, ${c.id} desc)`.as(
            'rank',
          ),
          total: sql<number>`(count(*) over (partition by ${c.teamId}))::int`.as('total'),
        })
        .from(c)
        .where(inArray(c.teamId, teamIds))
        .as('ranked');
      const limit = options.limit;
      return db
        .select()
        .from(ranked)
        .where(limit === undefined ? undefined : sql`${ranked.rank} <= ${limit}`)
        .orderBy(ranked.teamId, ranked.rank);
    },
  };
}
