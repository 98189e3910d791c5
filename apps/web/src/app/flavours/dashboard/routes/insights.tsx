import { InsightsScreen } from '@/features/insights';
import { useTeamOutlet } from '../team-context';

export function InsightsRoute() {
  const { team } = useTeamOutlet();
  return <InsightsScreen teamSlug={team.slug} signedIn />;
}
