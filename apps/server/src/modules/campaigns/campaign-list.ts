import type { CampaignList, campaignQuerySchema } from '@murmur/core/api';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema';
import type { CampaignsDeps } from './campaign-context';
import { money, type Presenters } from './campaign-presenters';
import { statusFilter } from './campaign-status';

type Query = z.output<typeof campaignQuerySchema>;

/**
 * SPEC §7 a team's campaigns list: the access checked on every read (`listTeam`) apart from the page
 * (`list`), which the route keeps in memory until its tables change or `until` (lib/read-cache.ts).
 */
export function createCampaignList(deps: CampaignsDeps, present: Presenters) {
  const { repo, teams, clock } = deps;
  return {
    /** The team whose campaigns the caller may list (members only: 404 otherwise), checked per read. */
    listTeam: async (user: UserRow, teamRef: string) => (await teams.access(user, teamRef)).team,

    /** A page of the team's campaigns with totals, and `until`: when the clock alone changes it. */
    async list(team: { id: number }, query: Query): Promise<{ page: CampaignList; until: Date | null }> {
      const now = clock.now();
      const filters = {
        teamId: team.id,
        search: query.search,
        status: query.status && query.status !== 'Any status' ? statusFilter(query.status, now) : undefined,
        objective: query.objective,
        ordering: query.ordering,
        limit: query.limit,
        offset: query.offset,
      };
      // Three statements at once: on PostgreSQL each on its own pooled connection.
      const [{ rows, count }, totals, until] = await Promise.all([
        repo.listCampaigns(filters),
        repo.totals(filters),
        repo.nextScheduleChange(team.id, now),
      ]);
      const page: CampaignList = {
        count,
        next: null,
        results: rows.map((row) => present.campaign(row, now)),
        totals: totals.map((t) => ({
          currency: t.currency,
          impressions: t.impressions,
          engagements: t.engagements,
          clicks: t.clicks,
          spent: money(t.spendMicro),
        })),
      };
      return { page, until };
    },
  };
}
