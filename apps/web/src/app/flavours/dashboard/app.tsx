import { RouterProvider } from 'react-router';
import { getMeQueryOptions } from '@/lib/api/get-me';
import { createAuthLostHandler } from '@/lib/auth-lost';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from '@/app/providers';
import { createDashboardRouter } from './router';

// SPEC §8: a 403 outside the user load redirects to login. The user is reloaded first: signed out,
// login brings them back to where they were; still signed in, login sends them on to their team.
const queryClient = createQueryClient({
  onAuthLost: createAuthLostHandler({
    loginPath: '/login',
    navigate: (path) => router.navigate(path),
    stillSignedIn: async () => {
      await queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey });
      return queryClient.getQueryData(getMeQueryOptions().queryKey) != null;
    },
  }),
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
