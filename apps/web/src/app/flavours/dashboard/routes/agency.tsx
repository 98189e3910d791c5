import { AgencyPage } from '@/features/agency/components/agency-page';

/** The agency view across every team of the user (docs/AGENCY.md; the team in the path only frames it). */
export function AgencyRoute() {
  return <AgencyPage />;
}
