import { RouterProvider } from 'react-router';
import { getMeQueryOptions } from '../../../lib/api/get-me';
import { createQueryClient } from '../../../lib/query-client';
import { AppProviders } from '../../providers';
import { createDashboardRouter } from './router';

// SPEC §8: a 403 outside the user load means the session is gone. Reloading the user settles it:
// signed out → the team pages send the user to /login (saving where they were).
const queryClient = createQueryClient({
  onAuthLost: () => void queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
});
const router = createDashboardRouter();

/** The team dashboard flavour. */
export function DashboardApp() {
  return (
    <AppProviders queryClient={queryClient} forceLight>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
