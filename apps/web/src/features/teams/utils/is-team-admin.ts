import type { User } from '@murmur/core/api';

/** SPEC §6: "admin" on the current team makes the user a team admin. */
export const isTeamAdmin = (user: Pick<User, 'memberships'> | null | undefined, slug: string): boolean =>
  user?.memberships.some((membership) => membership.team.slug === slug && membership.level === 'admin') ===
  true;
