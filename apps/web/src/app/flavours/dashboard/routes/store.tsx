import { AudienceStore } from '@/features/store/components/audience-store';
import { useTeamOutlet } from '../team-context';

export function StoreRoute() {
  const { team } = useTeamOutlet();
  return <AudienceStore signedIn teamSlug={team.slug} />;
}
