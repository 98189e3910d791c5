import { AgencyPage } from '@/features/agency/components/agency-page';

/** Issue 37 §5: the agency view across every team of the user (the team in the path only frames it). */
export function AgencyRoute() {
  return <AgencyPage />;
}
