import { RouterProvider } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';
import { AppProviders } from '../../providers';
import { createPremiumRouter } from './router';

const queryClient = createQueryClient();
const router = createPremiumRouter();

/** The premium analytics flavour (Deep Thought). */
export function PremiumApp() {
  return (
    <AppProviders queryClient={queryClient} forceLight={false}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
