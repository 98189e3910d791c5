import { AUDIENCE_CREATOR_GROUP } from '@murmur/core/api';
import type { User } from '@murmur/core/api';

export { AUDIENCE_CREATOR_GROUP };

/**
 * Who may save audiences from the creator. SPEC §6: members of the group Audience_creator, and only
 * they — a team admin is not one by being admin; the server refuses anyone else's save (403), and
 * internal staff put users in the group (docs/API.md "Staff").
 *
 * Everybody else on the team gets the creator without saving: they build, see the size, analyse
 * handles and open the insights of the unsaved audience, and the last step explains that saving
 * needs creator access instead of offering Submit. The audience builder API is public, so hiding
 * the building itself would protect nothing.
 */
export const hasCreatorAccess = (user: Pick<User, 'groups'>): boolean =>
  user.groups.some((group) => group.name === AUDIENCE_CREATOR_GROUP);
