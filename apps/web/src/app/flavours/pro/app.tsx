import { RouterProvider } from 'react-router';
import { createAuthLostHandler } from '@/lib/auth-lost';
import { config } from '@/lib/config';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from '@/app/providers';
import { createProRouter } from './router';
import { setVisitorToken } from '@/lib/request';

// SPEC §6: signed-out visitors' calls go with the fixed pro-targeting token, when one is configured.
setVisitorToken(config.proTargetingToken);

// SPEC §8: a 403 outside the user load redirects to this flavour's sign-in page.
const queryClient = createQueryClient({
  onAuthLost: createAuthLostHandler({ loginPath: '/', navigate: (path) => router.navigate(path) }),
});
const router = createProRouter();

/** The pro-targeting flavour. */
export function ProApp() {
  return (
    <AppProviders queryClient={queryClient} forceLight={false}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
