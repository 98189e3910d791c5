import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { local, storageKeys } from '@/lib/storage';
import { makeTeam, makeUser } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders, type FakeRoute } from '@/test/render';
import { dashboardRoutes } from './router';

const signedOut: FakeRoute = {
  status: 403,
  body: { detail: 'Authentication credentials were not provided.' },
};

const renderAt = (path: string, routes: Record<string, FakeRoute>) => {
  vi.spyOn(window, 'fetch').mockImplementation(fakeFetch(routes));
  const router = createMemoryRouter(dashboardRoutes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

describe('dashboard routes', { timeout: 20_000 }, () => {
  it('sends signed-out visitors of team pages to /login and remembers where they were', async () => {
    const router = renderAt('/acme/team?x=1', { 'GET /api/user/me/': signedOut });
    expect(await screen.findByRole('heading', { name: 'Sign in or register' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(local.get(storageKeys.returnPath)).toBe('/acme/team?x=1');
    expect(document.title).toBe('Sign in or register · Murmur');
  });

  it('returns to the saved path after signing in', async () => {
    const ui = userEvent.setup();
    local.set(storageKeys.returnPath, '/acme/account');
    let signedIn = false;
    const user = makeUser();
    const router = renderAt('/login', {
      'GET /api/user/me/': () => (signedIn ? { body: user } : signedOut),
      'POST /api/user/magic-link/': { body: { magic_code: 'm' } },
      'POST /api/user/magic-link/use/': () => {
        signedIn = true;
        return { body: { key: 'k', user } };
      },
      'GET /api/teams/acme/': { body: makeTeam() },
    });
    await ui.type(await screen.findByLabelText(/Email address/), 'ana@example.com');
    await ui.click(screen.getByRole('button', { name: 'Send sign-in code' }));
    await ui.type(await screen.findByLabelText('Sign-in code'), 'ABC234');
    expect(await screen.findByRole('heading', { name: 'Manage account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/acme/account');
    expect(local.get(storageKeys.returnPath)).toBeNull();
  });

  it('opens the audiences of a team at its root, inside the dashboard layout', async () => {
    const router = renderAt('/acme/', {
      'GET /api/user/me/': { body: makeUser() },
      'GET /api/teams/acme/': { body: makeTeam() },
      'GET /api/audience-configs/': { body: { count: 0, next: null, results: [] } },
    });
    expect(await screen.findByRole('heading', { name: 'My Audiences' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/acme/audiences');
    expect(await screen.findByText('No audiences yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Build an audience' })[0]!.getAttribute('href')).toBe(
      '/acme/creator',
    );
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    // SPEC §4: the current team becomes the recent team.
    expect(local.get(storageKeys.recentTeam)).toBe('acme');
  });

  it('forgets an unknown team and goes to the team chooser', async () => {
    local.set(storageKeys.recentTeam, 'gone');
    const router = renderAt('/gone/team', {
      'GET /api/user/me/': { body: makeUser() },
      'GET /api/teams/gone/': { status: 404, body: { detail: 'Not found.' } },
      'GET /api/teams/': { body: [makeTeam()] },
    });
    expect(await screen.findByRole('heading', { name: 'Choose a team' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/choose-team');
    expect(local.get(storageKeys.recentTeam)).toBeNull();
  });

  it('redirects any other path to /choose-team', async () => {
    const router = renderAt('/some/unknown/path', {
      'GET /api/user/me/': { body: makeUser() },
      'GET /api/teams/': { body: [makeTeam()] },
    });
    expect(await screen.findByRole('heading', { name: 'Choose a team' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/choose-team');
  });

  it('choosing a team remembers it', async () => {
    const ui = userEvent.setup();
    const router = renderAt('/choose-team', {
      'GET /api/user/me/': { body: makeUser() },
      'GET /api/teams/': { body: [makeTeam()] },
      'GET /api/teams/acme/': { body: makeTeam() },
    });
    await ui.click(await screen.findByRole('button', { name: /Acme Marketing/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/audiences'));
    expect(local.get(storageKeys.recentTeam)).toBe('acme');
  });

  it('creates a team from onboarding and opens its settings', async () => {
    const ui = userEvent.setup();
    const created = makeTeam({ id: 8, name: 'New Co', slug: 'new-co' });
    const post = vi.fn((init: RequestInit | undefined) => {
      void init;
      return { status: 201, body: created };
    });
    const router = renderAt('/welcome', {
      'GET /api/user/me/': { body: makeUser({ memberships: [] }) },
      'POST /api/teams/': post,
      'GET /api/teams/new-co/': { body: created },
      'GET /api/teams/new-co/members/': { body: [] },
      'GET /api/teams/8/invites/': { body: [] },
    });
    expect(await screen.findByRole('heading', { name: 'Welcome to Murmur, Ana!' })).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Create a team' }));
    await ui.type(screen.getByLabelText(/Team name/), 'New Co');
    expect(screen.getByText('localhost:3000/new-co/')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-co/team'));
    expect(jsonBody(post.mock.calls[0]![0])).toEqual({ name: 'New Co', slug: 'new-co' });
  });

  it('resets storage and the session at /reset-e2e', async () => {
    local.set(storageKeys.recentTeam, 'acme');
    window.sessionStorage.setItem('murmur:oauthState', '1');
    const logout = vi.fn(() => ({ body: { detail: 'Successfully logged out.' } }));
    renderAt('/reset-e2e', { 'GET /rest-auth/logout/': logout });
    expect(await screen.findByText('Reset')).toBeTruthy();
    expect(logout).toHaveBeenCalled();
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });
});
