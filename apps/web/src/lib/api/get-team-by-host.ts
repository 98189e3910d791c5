import type { TeamInfo, User } from '@murmur/core/api';
import { ApiError } from '@murmur/core/errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request';

/** The user's memberships, as much of them as the host's team needs (their teams' slugs). */
type MembershipTeams = readonly Pick<User['memberships'][number], 'team'>[];

/** SPEC §9's local host names (the server answers its local dummy team for them, whole or first label). */
const LOCAL_HOSTS = ['dashboard', 'local', 'staging', 'localhost'];

/** The host's name without port or final dot, and its labels. */
const labelsOf = (host: string) => {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return { name, labels: name.split('.') };
};

const isLocalHost = (host: string): boolean => {
  const { name, labels } = labelsOf(host);
  return LOCAL_HOSTS.includes(name) || LOCAL_HOSTS.includes(labels[0] ?? '');
};

/**
 * Whether a host can belong to a team at all, by the server's rule (modules/hosts/team-by-host.ts):
 * a local name, or `<slug>.<domain>.<tld>`. An IP address (`127.0.0.1:3000`, the address the server
 * prints first) or a bare domain cannot: asking would only leave a 404 in the console.
 */
export function hostMayHaveTeam(host: string): boolean {
  if (isLocalHost(host)) return true;
  const { name, labels } = labelsOf(host);
  if (name.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return false;
  return labels.length > 2;
}

/**
 * Whether the host's team can change where this user goes (post-sign-in path: the host's team opens
 * for its members). A local host always has one (SPEC §9); a team host (`<slug>.<domain>.<tld>`) only
 * matters when its slug is one of the user's teams — otherwise the answer is either a team the user
 * is not in or SPEC §8's 404 "no team", and asking would only leave that 404 in the console of an
 * everyday host such as app.example.com.
 */
export function hostTeamMatters(host: string, memberships: MembershipTeams): boolean {
  if (!hostMayHaveTeam(host)) return false;
  if (isLocalHost(host)) return true;
  const slug = labelsOf(host).labels[0];
  return memberships.some((membership) => membership.team.slug === slug);
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

/** The host's team, asked once the signed-in user is known and only when it matters to them. */
export const useTeamByHost = (host: string, memberships: MembershipTeams | undefined) =>
  useQuery({
    ...getTeamByHostQueryOptions(host),
    enabled: memberships !== undefined && hostTeamMatters(host, memberships),
  });

/**
 * The host team's slug for this page and user, asked (or read from the cache) only when it can
 * matter to them (hostTeamMatters); null when none or unknown.
 */
export const hostTeamSlug = async (
  fetchQuery: (options: ReturnType<typeof getTeamByHostQueryOptions>) => Promise<TeamInfo | null>,
  host: string,
  memberships: MembershipTeams,
): Promise<string | null> => {
  if (!hostTeamMatters(host, memberships)) return null;
  try {
    return (await fetchQuery(getTeamByHostQueryOptions(host)))?.slug ?? null;
  } catch {
    // The lookup failing (offline, 5xx) only loses the preference; signing in goes on.
    return null;
  }
};
