import { ActivityFeed } from '@/features/activity/components/activity-feed';
import { useTeamOutlet } from '../team-context';

export function ActivityRoute() {
  const { team } = useTeamOutlet();
  return <ActivityFeed key={team.slug} teamSlug={team.slug} />;
}
