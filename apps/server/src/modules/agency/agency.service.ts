import {
  AGENCY_LATEST_CAMPAIGNS,
  AGENCY_LATEST_UPLOADS,
  AGENCY_TOP_AUDIENCES,
  type AgencyOverview,
  type AgencyTeam,
} from '@murmur/core/api';
import { populationEstimate, samplingOfStored, type EstimateFigure } from '@murmur/core/sampling';
import type { AudienceStatus } from '@murmur/core/targeting';
import type { EntityState, UserRow } from '../../db/schema';
import type { EngineSampling } from '../../engine/engine-audience';
import type { Clock } from '../../lib/clock';
import type { AgencyRepository } from './agency.repository';

export type AgencyService = ReturnType<typeof createAgencyService>;

/** X's spend in micros as the campaigns show money: 2 decimals. */
export const money = (micro: number) => Math.round(micro / 10_000) / 100;

/** What the agency view and the reports need of their collaborators. */
export interface AgencyDeps {
  repo: AgencyRepository;
  clock: Clock;
  /** The engine's sample, the denominator of a saved size's interval (engine-audience.ts). */
  sampling: () => EngineSampling;
  /** SPEC §3 status of a campaign's state and schedule (modules/campaigns). */
  campaignStatus: (state: EntityState, start: Date | null, end: Date | null, now: Date) => AudienceStatus;
}

/** A saved audience's size as My Audiences shows it: Murmur's estimate with its 95 % interval. */
export const sizeFigureOf = (
  a: { size: number; sampleCount: number },
  sampling: EngineSampling,
): EstimateFigure =>
  populationEstimate(
    a.sampleCount,
    samplingOfStored(a.size, a.sampleCount, sampling.sampleSize, sampling.scale),
  );

/** Rows grouped by their team. */
export function byTeam<T extends { teamId: number | null }>(rows: T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    if (row.teamId === null) continue;
    const list = grouped.get(row.teamId) ?? [];
    list.push(row);
    grouped.set(row.teamId, list);
  }
  return grouped;
}

/**
 * The agency view (docs/AGENCY.md "Agency view"): the caller's teams — and only theirs: the team ids
 * come from their own memberships — with granted ad accounts, active audiences, uploads and
 * campaigns. Five queries in all, whatever the number of teams.
 */
export function createAgencyService(deps: AgencyDeps) {
  const { repo, clock } = deps;
  return {
    async overview(user: UserRow): Promise<AgencyOverview> {
      const mine = await repo.teamsOf(user.id);
      if (mine.length === 0) return { teams: [] };
      const ids = mine.map((m) => m.team.id);
      const [grants, audiences, uploads, campaigns] = await Promise.all([
        repo.grants(ids),
        repo.activeAudiences(ids, AGENCY_TOP_AUDIENCES),
        repo.uploads(ids, { limit: AGENCY_LATEST_UPLOADS }),
        repo.campaigns(ids, { limit: AGENCY_LATEST_CAMPAIGNS }),
      ]);
      const [g, a, u, c] = [byTeam(grants), byTeam(audiences), byTeam(uploads), byTeam(campaigns)];
      const sampling = deps.sampling();
      const now = clock.now();
      const teams = mine.map(({ team, level }): AgencyTeam => {
        const teamAudiences = a.get(team.id) ?? [];
        const teamUploads = u.get(team.id) ?? [];
        const teamCampaigns = c.get(team.id) ?? [];
        return {
          id: team.id,
          name: team.name,
          slug: team.slug,
          logo: team.logo,
          level,
          ad_accounts: (g.get(team.id) ?? []).map((r) => ({ account_id: r.accountId, name: r.name })),
          audiences: {
            active_count: teamAudiences[0]?.total ?? 0,
            top: teamAudiences.map((r) => ({
              id: r.id,
              name: r.name,
              size_figure: sizeFigureOf(r, sampling),
            })),
          },
          uploads: {
            total: teamUploads[0]?.total ?? 0,
            latest: teamUploads.map((r) => ({
              id: r.id,
              name: r.name,
              account_id: r.accountId,
              account_name: r.accountName,
              state: r.state,
              x_audience_size: r.audienceSize,
              created: r.created.toISOString(),
            })),
          },
          campaigns: {
            total: teamCampaigns[0]?.total ?? 0,
            latest: teamCampaigns.map((r) => ({
              id: r.id,
              name: r.name,
              ad_account_id: r.adAccountId,
              status: deps.campaignStatus(r.state, r.start, r.end, now),
              currency: r.currency,
              delivery: {
                impressions: r.impressions,
                engagements: r.engagements,
                clicks: r.clicks,
                spent: money(r.spendMicro),
              },
              synced: r.statsSynced?.toISOString() ?? null,
            })),
          },
        };
      });
      return { teams };
    },
  };
}
