import type { User } from '@murmur/core/api';

export interface PostSignInContext {
  /** Path saved before the user was sent to sign in. */
  returnPath: string | null;
  /** Slug of the team the user last worked in. */
  recentTeam: string | null;
  /** Slug of the team this dashboard host belongs to (GET /api/team-by-host/), if any. */
  hostTeam?: string | null;
}

/** Entry points that decide on their own; returning to them would skip onboarding. */
const GENERIC_PATHS = new Set(['/', '/choose-team', '/welcome']);

const isSpecific = (path: string): boolean => {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return !GENERIC_PATHS.has(pathname) && !pathname.startsWith('/login');
};

/**
 * Where a freshly signed-in user goes: back to where they were sent from; else no teams → /welcome;
 * else the team of this host (SPEC §8) if a member; else the recent team if still a member; else
 * the team chooser.
 */
export const postSignInPath = (user: Pick<User, 'memberships'>, context: PostSignInContext): string => {
  if (context.returnPath !== null && isSpecific(context.returnPath)) return context.returnPath;
  if (user.memberships.length === 0) return '/welcome';
  const ofHost = user.memberships.find((membership) => membership.team.slug === context.hostTeam);
  if (ofHost !== undefined) return `/${ofHost.team.slug}/`;
  const recent = user.memberships.find((membership) => membership.team.slug === context.recentTeam);
  if (recent !== undefined) return `/${recent.team.slug}/`;
  return '/choose-team';
};
