import { RouterProvider } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';
import { AppProviders } from '../../providers';
import { createProRouter } from './router';

const queryClient = createQueryClient();
const router = createProRouter();

/** The pro-targeting flavour. */
export function ProApp() {
  return (
    <AppProviders queryClient={queryClient} forceLight={false}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
