import { ApiAccessPage } from '@/features/api-access/components/api-access-page';
import { isTeamAdmin } from '@/features/teams/utils/is-team-admin';
import { useTeamOutlet } from '../team-context';

/** `/:team/team/api`: the team's API keys and webhooks (team admins). */
export function TeamApiRoute() {
  const { team, user } = useTeamOutlet();
  return <ApiAccessPage key={team.id} slug={team.slug} isAdmin={isTeamAdmin(user, team.slug)} />;
}
