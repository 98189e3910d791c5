import { Interests } from '@/features/interests/components/interests';
import { useTeamOutlet } from '../team-context';

export function InterestsRoute() {
  const { team } = useTeamOutlet();
  return <Interests teamSlug={team.slug} />;
}
