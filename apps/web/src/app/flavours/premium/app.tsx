import { RouterProvider } from 'react-router';
import { createAuthLostHandler } from '@/lib/auth-lost';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from '@/app/providers';
import { createPremiumRouter } from './router';

// SPEC §8: a 403 outside the user load redirects to this flavour's sign-in page.
const queryClient = createQueryClient({
  onAuthLost: createAuthLostHandler({
    loginPath: '/authenticated',
    navigate: (path) => router.navigate(path),
  }),
});
const router = createPremiumRouter();

/** The premium analytics flavour (Deep Thought). */
export function PremiumApp() {
  return (
    <AppProviders queryClient={queryClient} forceLight={false}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
