import type { Team, User } from '@murmur/core/api';
import { useOutletContext } from 'react-router';

/** What the team layout hands to the team's screens. */
export interface TeamOutletContext {
  team: Team;
  user: User;
}

export const useTeamOutlet = (): TeamOutletContext => useOutletContext<TeamOutletContext>();
