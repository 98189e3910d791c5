import type { TeamInfo } from '@murmur/core/api';
import { NotFound } from '../../errors';

/** SPEC §9: these host names give a local dummy team (development and staging dashboards). */
export const LOCAL_TEAM_HOSTS = ['dashboard', 'local', 'staging', 'localhost'] as const;

/** The local dummy team: not a row, never a member's team; id 0 names no database row. */
export const LOCAL_DUMMY_TEAM: TeamInfo = { id: 0, name: 'Local team', slug: 'local', logo: null };

/**
 * The team a host name belongs to (SPEC §8 "team lookup by hostname", 404 = no team): a team's own
 * host is `<slug>.<anything>`; a local host (§9) — the whole name or its first label, any port —
 * gives the dummy team.
 */
export async function teamByHost(
  host: string,
  findBySlug: (slug: string) => Promise<TeamInfo | undefined>,
): Promise<TeamInfo> {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const first = name.split('.')[0] ?? '';
  if (
    (LOCAL_TEAM_HOSTS as readonly string[]).includes(name) ||
    (LOCAL_TEAM_HOSTS as readonly string[]).includes(first)
  ) {
    return LOCAL_DUMMY_TEAM;
  }
  // A bare domain ("murmur.example") has no team label.
  const team = name.includes('.') && name.split('.').length > 2 ? await findBySlug(first) : undefined;
  if (!team) throw new NotFound('No team for this host.');
  return team;
}
