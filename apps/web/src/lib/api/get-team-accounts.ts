import type { TeamAccount } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request';

/** GET /api/teams/{slug}/accounts/ — the ad accounts any member granted to the team (SPEC §6). */
export const getTeamAccounts = (slug: string, signal?: AbortSignal): Promise<TeamAccount[]> =>
  request.get('/api/teams/:slug/accounts/', { params: { slug }, signal });

export const getTeamAccountsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['team-accounts', slug],
    queryFn: ({ signal }) => getTeamAccounts(slug, signal),
  });

/** The team's granted ad accounts; null asks nothing (no team chosen yet). */
export const useTeamAccounts = (slug: string | null) =>
  useQuery({ ...getTeamAccountsQueryOptions(slug ?? ''), enabled: slug !== null });
