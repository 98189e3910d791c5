import type { TeamInfo } from '@murmur/core/api';
import { ApiError } from '@murmur/core/errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request';

/**
 * GET /api/team-by-host/ — the team a dashboard host belongs to (SPEC §8 team lookup by host name,
 * `<slug>.<domain>`; §9 the local dummy team on local hosts); null when the host has none (404).
 */
export const getTeamByHost = async (host: string, signal?: AbortSignal): Promise<TeamInfo | null> => {
  try {
    return await request.get('/api/team-by-host/', { query: { host }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

/** Asked once at app start and kept: a page's host does not change while it is open. */
export const getTeamByHostQueryOptions = (host: string) =>
  queryOptions({
    queryKey: ['team-by-host', host],
    queryFn: ({ signal }) => getTeamByHost(host, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

export const useTeamByHost = (host: string) => useQuery(getTeamByHostQueryOptions(host));

/** The host team's slug for this page, asked (or read from the cache); null when none or unknown. */
export const hostTeamSlug = async (
  fetchQuery: (options: ReturnType<typeof getTeamByHostQueryOptions>) => Promise<TeamInfo | null>,
  host: string,
): Promise<string | null> => {
  try {
    return (await fetchQuery(getTeamByHostQueryOptions(host)))?.slug ?? null;
  } catch {
    // The lookup failing (offline, 5xx) only loses the preference; signing in goes on.
    return null;
  }
};
