import { AudienceStore } from '@/features/store/components/audience-store';
import { useMe } from '@/lib/api/get-me';
import { PageLoader } from '../components/require-auth';

/** The public audience store: signed-out visitors browse it and are asked to sign in to save. */
export function StandaloneStoreRoute() {
  const me = useMe();
  if (me.isPending) return <PageLoader />;
  return <AudienceStore signedIn={me.data != null} teamSlug={null} />;
}
