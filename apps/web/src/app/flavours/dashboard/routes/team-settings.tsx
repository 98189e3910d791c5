import { TeamSettings } from '../../../../features/teams/components/team-settings';
import { useTeamOutlet } from '../team-context';

export function TeamSettingsRoute() {
  const { team, user } = useTeamOutlet();
  // Keyed by team so switching teams resets every form.
  return <TeamSettings key={team.id} team={team} user={user} />;
}
