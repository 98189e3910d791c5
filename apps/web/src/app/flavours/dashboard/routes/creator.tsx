import { AudienceCreator } from '@/features/creator/components/audience-creator';
import { useTeamOutlet } from '../team-context';

export function CreatorRoute() {
  const { team, user } = useTeamOutlet();
  // Keyed by team: each team has its own draft.
  return <AudienceCreator key={team.slug} team={team} user={user} />;
}
