import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
import { makeUser } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders, urlOf } from '@/test/render';
import { premiumRoutes } from './router';

const renderAt = (path: string) => {
  const router = createMemoryRouter(premiumRoutes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const SESSION = 'csrftoken=premium-test; path=/';
const NO_SESSION = 'csrftoken=; path=/; max-age=0';

describe('premium routes', () => {
  // The suite's screens as a signed-in user sees them (a session cookie); a test of a visitor clears it.
  beforeEach(() => {
    document.cookie = SESSION;
  });
  afterEach(() => {
    document.cookie = NO_SESSION;
  });

  it.each(['/followers', '/premium-suite', '/lists', '/switch-account'])(
    '%s sends a visitor surely signed out to sign in, without asking the API',
    async (path) => {
      document.cookie = NO_SESSION;
      const calls: string[] = [];
      vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
        calls.push(urlOf(input));
        return fakeFetch({})(input, init);
      });
      const router = renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Deep Thought' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/authenticated');
      expect(calls.filter((c) => c.includes('/api/external/deepthought/'))).toEqual([]);
    },
  );

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

  it('saves the language chosen in its menu to the profile when signed in, and applies the saved one', async () => {
    const ui = userEvent.setup();
    const user = makeUser({ email: 'dt-lang@example.com', language: 'en' });
    const saved: unknown[] = [];
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/me/': { body: user },
        'PUT /api/user/me/': (init) => {
          saved.push(jsonBody(init));
          return { body: { ...user, language: 'ja' } };
        },
      }),
    );
    renderAt('/premium-suite/talk-to-x');
    await ui.click(await screen.findByRole('button', { name: /Language|言語/ }));
    await ui.click(await screen.findByRole('menuitem', { name: '日本語' }));
    await waitFor(() => expect(saved).toEqual([{ language: 'ja' }]));
    expect(await screen.findByRole('heading', { level: 1, name: 'X に質問' })).toBeTruthy();
    await applyLanguage('en');
  });

  it('switches to the saved language of a signed-in user', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/user/me/': { body: makeUser({ language: 'ja' }) } }),
    );
    renderAt('/premium-suite/talk-to-x');
    expect(await screen.findByRole('heading', { level: 1, name: 'X に質問' })).toBeTruthy();
    await applyLanguage('en');
  });

  it('only switches the page when signed out', async () => {
    document.cookie = NO_SESSION;
    const ui = userEvent.setup();
    const calls: string[] = [];
    vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${urlOf(input)}`);
      return fakeFetch({})(input, init);
    });
    renderAt('/premium');
    await ui.click(await screen.findByRole('button', { name: /Language|言語/ }));
    await ui.click(await screen.findByRole('menuitem', { name: '日本語' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'プレミアム' })).toBeTruthy();
    expect(calls.filter((c) => c.includes('/api/user/me/'))).toEqual([]);
    await applyLanguage('en');
  });

  it('has a 404 catch-all', async () => {
    const router = renderAt('/nothing/here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/nothing/here');
  });
});
