import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insightsPath } from '@/lib/insights-link';
import { local, storageKeys } from '@/lib/storage';
import { fakeFetch, renderWithProviders, urlOf } from '@/test/render';
import { dashboardRoutes } from './router';

const signedOut = { status: 403, body: { detail: 'Authentication credentials were not provided.' } };

describe('SPEC §6: signed-out visitors are asked to sign in to access more data (deviation 7)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    local.remove(storageKeys.returnPath);
  });

  it('the public store’s insights link opens /insights, which asks a signed-out visitor to sign in', async () => {
    const ui = userEvent.setup();
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ 'GET /api/user/me/': signedOut }));
    const path = insightsPath(null, { package: { interests: [{ label: 'Sports/Soccer' }] } });
    expect(path).toMatch(/^\/insights\?package=/);
    const router = createMemoryRouter(dashboardRoutes, { initialEntries: [path] });
    renderWithProviders(<RouterProvider router={router} />);

    const prompt = (await screen.findByText('Sign in to access more data')).closest('[role="alert"]');
    expect(prompt).not.toBeNull();
    // No report was asked for on a signed-out visitor's behalf.
    expect(fetch.mock.calls.some(([input]) => urlOf(input).includes('/api/audience-configs/insights/'))).toBe(
      false,
    );
    window.history.replaceState(null, '', path);
    await ui.click(within(prompt as HTMLElement).getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(local.get(storageKeys.returnPath)).toBe(path);
  });
});
