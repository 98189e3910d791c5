import { Communities } from '@/features/communities/components/communities';
import { useTeamOutlet } from '../team-context';

export function CommunitiesRoute() {
  const { team } = useTeamOutlet();
  return <Communities teamSlug={team.slug} />;
}
