import { LookalikeScreen } from '@/features/lookalikes';
import { useTeamOutlet } from '../team-context';

export function LookalikesRoute() {
  const { team } = useTeamOutlet();
  return <LookalikeScreen key={team.slug} teamSlug={team.slug} />;
}
