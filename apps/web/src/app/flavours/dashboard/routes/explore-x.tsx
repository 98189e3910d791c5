import { ExploreX } from '@/features/explore/components/explore-x';
import { useTeamOutlet } from '../team-context';

export function ExploreXRoute() {
  const { team } = useTeamOutlet();
  return <ExploreX key={team.slug} teamSlug={team.slug} />;
}
