import { MyAudiences } from '@/features/audiences/components/my-audiences';
import { useTeamOutlet } from '../team-context';

export function AudiencesRoute() {
  const { team } = useTeamOutlet();
  return <MyAudiences key={team.slug} teamSlug={team.slug} fallbackTeam={team.slug} />;
}
