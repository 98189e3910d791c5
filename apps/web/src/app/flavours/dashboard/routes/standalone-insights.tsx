import { InsightsScreen } from '@/features/insights';
import { useMe } from '@/lib/api/get-me';
import { PageLoader } from '../components/require-auth';

/**
 * /insights?package=… — the insights of a store audience without a team (the public store links here).
 * Signed out, SPEC §6's 'Sign in to access more data'.
 */
export function StandaloneInsightsRoute() {
  const me = useMe();
  if (me.isPending) return <PageLoader />;
  return <InsightsScreen teamSlug={null} signedIn={me.data != null} />;
}
