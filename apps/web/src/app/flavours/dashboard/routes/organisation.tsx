import { TeamUsage } from '@/features/activity/components/team-usage';
import { OrganisationSettings } from '@/features/organisation/components/organisation-settings';
import { useTeams } from '@/features/teams/api/get-teams';
import { useUpdateTeam } from '@/features/teams/api/update-team';
import { useTeamOutlet } from '../team-context';

/** Organisation settings: the teams feature's calls handed to the organisation screen. */
export function OrganisationRoute() {
  const { team, user } = useTeamOutlet();
  const teams = useTeams();
  const update = useUpdateTeam(team.slug);
  return (
    <OrganisationSettings
      key={team.slug}
      team={team}
      user={user}
      teams={teams}
      saveProfile={(changes) => update.mutateAsync(changes)}
      usage={<TeamUsage teamSlug={team.slug} />}
    />
  );
}
