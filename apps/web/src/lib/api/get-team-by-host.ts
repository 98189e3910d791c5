import type { TeamInfo } from '@murmur/core/api';
import { ApiError } from '@murmur/core/errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request';

/** SPEC §9's local host names (the server answers its local dummy team for them, whole or first label). */
const LOCAL_HOSTS = ['dashboard', 'local', 'staging', 'localhost'];

/**
 * Whether a host can belong to a team at all, by the server's rule (modules/hosts/team-by-host.ts):
 * a local name, or `<slug>.<domain>.<tld>`. An IP address (`127.0.0.1:3000`, the address the server
 * prints first) or a bare domain cannot: asking would only leave a 404 in the console.
 */
export function hostMayHaveTeam(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const labels = name.split('.');
  if (LOCAL_HOSTS.includes(name) || LOCAL_HOSTS.includes(labels[0] ?? '')) return true;
  if (name.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return false;
  return labels.length > 2;
}

/**
 * GET /api/team-by-host/ — the team a dashboard host belongs to (SPEC §8 team lookup by host name,
 * `<slug>.<domain>`; §9 the local dummy team on local hosts); null when the host has none (404), or
 * cannot have one (not asked).
 */
export const getTeamByHost = async (host: string, signal?: AbortSignal): Promise<TeamInfo | null> => {
  if (!hostMayHaveTeam(host)) return null;
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
