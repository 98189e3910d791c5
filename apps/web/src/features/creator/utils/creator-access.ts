import type { Team, User } from '@murmur/core/api';

/** SPEC §6: the group whose members get creator access. */
export const AUDIENCE_CREATOR_GROUP = 'Audience_creator';

/**
 * Who may save audiences from the creator. SPEC §6: members of the group Audience_creator; we also
 * count the admins of the current team, who own the team's audiences (a team's first user is its
 * admin, and has no other way into the group).
 *
 * Everybody else on the team gets the creator without saving: they build, see the size, analyse
 * handles and open the insights of the unsaved audience, and the last step explains that saving
 * needs creator access instead of offering Submit. The audience builder API is public, so hiding
 * the building itself would protect nothing.
 */
export const hasCreatorAccess = (user: User, team: Pick<Team, 'slug'>): boolean =>
  user.groups.some((group) => group.name === AUDIENCE_CREATOR_GROUP) ||
  user.memberships.some((membership) => membership.team.slug === team.slug && membership.level === 'admin');
