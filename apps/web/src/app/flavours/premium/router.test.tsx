import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { premiumRoutes } from './router';

const renderAt = (path: string) => {
  const router = createMemoryRouter(premiumRoutes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

describe('premium routes', () => {
  it('serves aliases with the same screen', async () => {
    renderAt('/talk-to-x');
    expect(await screen.findByRole('heading', { name: 'Talk to X' })).toBeTruthy();
    expect(document.title).toBe('Talk to X · Deep Thought');
  });

  it.each([
    ['/authenticated', 'Sign in to Deep Thought'],
    ['/login/twitter', 'Sign in to Deep Thought'],
    ['/', 'Deep Thought'],
    ['/premium-suite', 'Premium suite'],
    ['/premium-suite/topics', 'Topics'],
    ['/topics', 'Topics'],
    ['/premium-suite/following-topics', 'Following topics'],
    ['/following-topics', 'Following topics'],
    ['/premium-suite/unfollowed', 'Unfollowed'],
    ['/premium-suite/talk-to-x', 'Talk to X'],
    ['/premium-suite/xstats', 'X statistics'],
    ['/premium-suite/xstats/JP', 'X statistics'],
    ['/xstats/JP', 'X statistics'],
    ['/premium-suite/accounts', 'Accounts'],
    ['/followers', 'Followers'],
    ['/following', 'Following'],
    ['/posts', 'Posts'],
    ['/post/123', 'Post'],
    ['/engagers', 'Engagers'],
    ['/lists', 'Lists'],
    ['/switch-account', 'Switch account'],
  ])('%s shows its Deep Thought screen', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByText(/not available in this version/i)).toBeNull();
  });

  it('has a 404 catch-all', async () => {
    const router = renderAt('/nothing/here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/nothing/here');
  });
});
