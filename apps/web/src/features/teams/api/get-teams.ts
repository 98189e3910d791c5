import type { Team } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/teams/ — the teams the user belongs to. */
export const getTeams = (signal?: AbortSignal): Promise<Team[]> => request.get('/api/teams/', { signal });

export const getTeamsQueryOptions = () =>
  queryOptions({ queryKey: ['teams'], queryFn: ({ signal }) => getTeams(signal) });

export const useTeams = () => useQuery(getTeamsQueryOptions());
