import type { Team } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { getTeamsQueryOptions } from './get-teams';

/** GET /api/teams/{slug}/ — one team of the user's (404 for teams they are not in). */
export const getTeam = (slug: string, signal?: AbortSignal): Promise<Team> =>
  request.get('/api/teams/:slug/', { params: { slug }, signal });

// Nested under the list's key, so invalidating the list refreshes every team too.
export const getTeamQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...getTeamsQueryOptions().queryKey, slug],
    queryFn: ({ signal }) => getTeam(slug, signal),
  });

export const useTeam = (slug: string) => useQuery(getTeamQueryOptions(slug));
