import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocialSignInButton } from '@/components/social-sign-in-button';
import { notificationStore } from '@/lib/notifications';
import { saveReturnPath, session, storageKeys } from '@/lib/storage';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { LoginScreen } from './login-screen';

const provider = (name: string) => ({
  provider: name,
  authorize_url: `http://localhost/sandbox/${name}/authorize`,
  client_id: `${name}-client`,
  scopes: ['email'],
});

const user = { id: 3, email: 'carol@example.com', first_name: 'Carol', last_name: '', memberships: [] };

const renderLogin = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/login/:network?" element={<LoginScreen />} />
      <Route path="/acme/account" element={<p>profile settings</p>} />
      <Route path="*" element={<p>signed in page</p>} />
    </Routes>,
    { route: path },
  );

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe('LoginScreen social sign-in', () => {
  it('offers a button for every provider the server lists, in English', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/me/': { status: 403, body: { detail: 'Not signed in' } },
        'GET /api/auth/providers/': {
          body: [provider('facebook'), provider('linkedin'), provider('twitter_oauth2')],
        },
      }),
    );
    renderLogin('/login');
    expect(await screen.findByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with LinkedIn' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with X (OAuth 2.0)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with X' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it.each([
    ['en', 'Sign in with X'],
    ['ja', 'Xでサインイン'],
  ] as const)(
    'in %s: against the real X, one "Sign in with X" and no protocol name (OAuth 2.0 is the sandbox’s)',
    async (lang, signIn) => {
      await i18n.changeLanguage(lang);
      vi.spyOn(window, 'fetch').mockImplementation(
        fakeFetch({
          'GET /api/user/me/': { status: 403, body: { detail: 'Not signed in' } },
          'GET /api/auth/providers/': {
            body: [
              provider('linkedin'),
              { ...provider('twitter_oauth2'), authorize_url: 'https://x.com/i/oauth2/authorize' },
            ],
          },
        }),
      );
      renderLogin('/login');
      await screen.findByRole('button', { name: i18n.t('social.continueWithLinkedIn') });
      expect(screen.getAllByRole('button', { name: new RegExp(signIn) })).toHaveLength(1);
      expect(screen.getByRole('button', { name: signIn })).toBeTruthy();
      expect(screen.queryByText(/OAuth/)).toBeNull();
      await i18n.changeLanguage('en');
    },
  );

  it('completes a LinkedIn return: state checked, code posted to /rest-auth/linkedin/', async () => {
    session.set(storageKeys.oauthState, '4242');
    const login = vi.fn((init: RequestInit | undefined) => ({ body: { key: 'k', user }, init }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/me/': { status: 403, body: { detail: 'Not signed in' } },
        'GET /api/auth/providers/': { body: [provider('linkedin')] },
        'POST /rest-auth/linkedin/': login,
      }),
    );
    renderLogin('/login/linkedin?code=li-code&state=4242');
    await waitFor(() => expect(login).toHaveBeenCalledTimes(1));
    expect(jsonBody(login.mock.calls[0]![0])).toEqual({
      code: 'li-code',
      redirect_uri: `${window.location.origin}/login/linkedin`,
    });
    expect(await screen.findByText('signed in page')).toBeTruthy();
  });

  it('rejects a Facebook return with another state: "Error: Unauthorized login attempt", nothing posted', async () => {
    session.set(storageKeys.oauthState, '1');
    const login = vi.fn(() => ({ body: {} }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/me/': { status: 403, body: { detail: 'Not signed in' } },
        'GET /api/auth/providers/': { body: [provider('facebook')] },
        'POST /rest-auth/facebook/': login,
      }),
    );
    renderLogin('/login/facebook?code=c&state=2');
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Unauthorized login attempt');
    expect(login).not.toHaveBeenCalled();
  });
});

describe('LoginScreen social connect', () => {
  it('sends a signed-in user whose link failed back where they were, with the reason', async () => {
    session.set(storageKeys.oauthState, '77');
    session.set(storageKeys.connectSocial, 'true');
    saveReturnPath('/acme/account');
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/me/': { body: user },
        'GET /api/auth/providers/': { body: [provider('linkedin')] },
        'POST /rest-auth/linkedin/connect/': {
          status: 400,
          body: { non_field_errors: ['This LinkedIn account is linked to another user.'] },
        },
      }),
    );
    renderLogin('/login/linkedin?code=li-code&state=77');
    expect(await screen.findByText('profile settings')).toBeTruthy();
    expect(screen.queryByText('Sign in or register')).toBeNull();
    const last = notificationStore.list().at(-1);
    expect(last).toMatchObject({ level: 'error' });
    expect(last?.text).toBe(
      'Your account could not be connected: This LinkedIn account is linked to another user.',
    );
    notificationStore.clear();
  });
});

describe('SocialSignInButton', () => {
  it('shows an error when the provider page has not opened within 20 000 ms', async () => {
    vi.useFakeTimers();
    // The providers answer never comes, as when the network hangs.
    vi.spyOn(window, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
    renderWithProviders(<SocialSignInButton provider="facebook" label="Continue with Facebook" />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    await act(() => vi.advanceTimersByTimeAsync(19_999));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert').textContent).toBe(
      'The sign-in page did not open. Please check your connection and try again.',
    );
  });

  it('shows an error, and stays, when the server does not offer the provider', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ 'GET /api/auth/providers/': { body: [] } }));
    renderWithProviders(<SocialSignInButton provider="linkedin" label="Connect LinkedIn" connect />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect LinkedIn' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Connect LinkedIn' }).hasAttribute('data-loading')).toBe(false);
    expect(session.get(storageKeys.connectSocial)).toBe('true');
  });

  it("opens the host's team (GET /api/team-by-host/) for a signed-in member", async () => {
    const member = (slug: string, id: number) => ({ id, level: 'member', team: { id, name: slug, slug } });
    const asked = vi.fn((init: RequestInit | undefined) => ({
      body: { id: 7, name: 'Acme', slug: 'acme', logo: null },
      init,
    }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/me/': { body: { ...user, memberships: [member('beta', 2), member('acme', 7)] } },
        'GET /api/auth/providers/': { body: [] },
        'GET /api/team-by-host/': asked,
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path="/login/:network?" element={<LoginScreen />} />
        <Route path="/acme/" element={<p>acme home</p>} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>,
      { route: '/login' },
    );
    expect(await screen.findByText('acme home')).toBeTruthy();
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('goes on as before when the host has no team (404)', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/me/': {
          body: {
            ...user,
            memberships: [{ id: 2, level: 'member', team: { id: 2, name: 'B', slug: 'beta' } }],
          },
        },
        'GET /api/auth/providers/': { body: [] },
        'GET /api/team-by-host/': { status: 404, body: { detail: 'No team for this host.' } },
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path="/login/:network?" element={<LoginScreen />} />
        <Route path="/choose-team" element={<p>chooser</p>} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>,
      { route: '/login' },
    );
    expect(await screen.findByText('chooser')).toBeTruthy();
  });
});
