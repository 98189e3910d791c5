import { Forbidden } from '../errors';

/** What a team member may not delete (docs/API.md "Who may delete what"), in the SPEC §8 shape. */
export const ONLY_CREATOR_OR_ADMIN =
  'Only the person who created this, or an admin of its team, can change or delete it.';

/**
 * The team rule, written once (docs/API.md "Who may delete what"): in a team, a member changes and
 * deletes what they created; an admin anything in the team. The same for audiences (saved, targeting
 * and pro lists), campaigns, creatives and media. Whoever cannot read the thing gets 404 before this.
 */
export function mayChange(actor: { userId: number; level: string }, createdBy: number | null) {
  return actor.level === 'admin' || (createdBy !== null && createdBy === actor.userId);
}

/** `mayChange` or a 403 that says who may. */
export function assertMayChange(actor: { userId: number; level: string }, createdBy: number | null) {
  if (!mayChange(actor, createdBy)) throw new Forbidden(ONLY_CREATOR_OR_ADMIN);
}
