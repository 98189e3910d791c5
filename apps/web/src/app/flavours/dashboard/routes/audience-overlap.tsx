import { OverlapPage } from '@/features/overlap/components/overlap-page';
import { useTeamOutlet } from '../team-context';

export function AudienceOverlapRoute() {
  const { team } = useTeamOutlet();
  return <OverlapPage key={team.slug} team={team.slug} />;
}
