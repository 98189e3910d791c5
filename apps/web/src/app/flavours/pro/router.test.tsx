import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
import { personalStore } from '@/lib/personal-store';
import { local, storageKeys } from '@/lib/storage';
import { makeUser } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders, type FakeRoute } from '@/test/render';
import { proRoutes } from './router';
import { populationEstimate } from '@murmur/core/sampling';

const renderAt = (path: string, routes: Record<string, FakeRoute> = {}) => {
  vi.spyOn(window, 'fetch').mockImplementation(fakeFetch(routes));
  const router = createMemoryRouter(proRoutes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

describe('pro-targeting routes', { timeout: 20_000 }, () => {
  it('sends unknown paths home', async () => {
    const router = renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Sign in with your email' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(document.title).toBe('Targeting Toolkit');
  });

  it('serves aliases with the same screen, in the sidebar layout where SPEC says so', async () => {
    renderAt('/xplore/nike');
    expect(await screen.findByRole('heading', { name: 'Explore', level: 1 })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Audience tools' })).toBeTruthy();
    expect(document.title).toBe('nike · Explore · Targeting Toolkit');
  });

  it('shows tabs on marketing pages', async () => {
    renderAt('/materials');
    expect(await screen.findByRole('heading', { name: 'Marketing materials' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Marketing materials' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('signs in with an email code and keeps the pro-targeting token in the persisted personal store', async () => {
    const ui = userEvent.setup();
    const user = makeUser({ email: 'pro@example.com', first_name: 'Pat', last_name: 'Lee' });
    const authorizations: unknown[] = [];
    renderAt('/', {
      'POST /api/external/personal-magic-link/magic/': { body: { magic_code: 'm' } },
      'POST /api/external/personal-magic-link/use/': { body: { key: 'pro.tok-1', user } },
      'GET /api/external/standalone-me/standalone_me/': (init) => {
        authorizations.push((init?.headers as Record<string, string> | undefined)?.Authorization);
        return { body: user };
      },
    });
    await ui.type(await screen.findByLabelText(/Email address/), 'pro@example.com');
    await ui.click(screen.getByRole('button', { name: 'Send sign-in code' }));
    await ui.type(await screen.findByLabelText('Sign-in code'), 'ABC234');
    await waitFor(() => expect(personalStore.get().token).toBe('pro.tok-1'));
    expect(personalStore.get()).toEqual({
      email: 'pro@example.com',
      name: 'Pat Lee',
      token: 'pro.tok-1',
      signedInAs: 'pro@example.com',
    });
    expect(JSON.parse(local.get(storageKeys.personal) ?? '{}')).toMatchObject({ token: 'pro.tok-1' });
    expect((await screen.findAllByText('Signed in as pro@example.com')).length).toBeGreaterThan(0);
    // The site's own calls go with that token (SPEC §6).
    expect(authorizations.length).toBeGreaterThan(0);
    expect(new Set(authorizations)).toEqual(new Set(['Token pro.tok-1']));
    personalStore.clear();
  });

  it("switches to the user's saved language once signed in", async () => {
    const ui = userEvent.setup();
    const user = makeUser({ email: 'kenji@example.jp', language: 'ja' });
    renderAt('/', {
      'POST /api/external/personal-magic-link/magic/': { body: { magic_code: 'm' } },
      'POST /api/external/personal-magic-link/use/': { body: { key: 'pro.tok-2', user } },
      'GET /api/external/standalone-me/standalone_me/': { body: user },
    });
    await ui.type(await screen.findByLabelText(/Email address/), 'kenji@example.jp');
    await ui.click(screen.getByRole('button', { name: 'Send sign-in code' }));
    await ui.type(await screen.findByLabelText('Sign-in code'), 'ABC234');
    expect((await screen.findAllByText('kenji@example.jp でログイン中')).length).toBeGreaterThan(0);
    personalStore.clear();
    await applyLanguage('en');
  });

  it('saves the language chosen in its menu to the profile when signed in, with the pro token', async () => {
    const ui = userEvent.setup();
    const user = makeUser({ email: 'pro-lang@example.com' });
    personalStore.set({ email: user.email, name: 'Pro', token: 'pro.tok-3', signedInAs: user.email });
    const saved: { body: unknown; authorization: unknown }[] = [];
    renderAt('/materials', {
      'GET /api/external/standalone-me/standalone_me/': { body: user },
      'PUT /api/user/me/': (init) => {
        saved.push({
          body: jsonBody(init),
          authorization: (init?.headers as Record<string, string> | undefined)?.Authorization,
        });
        return { body: { ...user, language: 'ja' } };
      },
    });
    await ui.click(await screen.findByRole('button', { name: /Language|言語/ }));
    await ui.click(await screen.findByRole('menuitem', { name: '日本語' }));
    await waitFor(() =>
      expect(saved).toEqual([{ body: { language: 'ja' }, authorization: 'Token pro.tok-3' }]),
    );
    expect((await screen.findAllByText('pro-lang@example.com でログイン中')).length).toBeGreaterThan(0);
    personalStore.clear();
    await applyLanguage('en');
    // Signed out, the menu only switches the page's language.
    await ui.click(await screen.findByRole('button', { name: /Language|言語/ }));
    await ui.click(await screen.findByRole('menuitem', { name: '日本語' }));
    expect(await screen.findByRole('button', { name: /言語/ })).toBeTruthy();
    expect(saved).toHaveLength(1);
    await applyLanguage('en');
  });

  it('builds an audience signed out: live size, and the prompt to sign in to save it', async () => {
    const ui = userEvent.setup();
    const sent: unknown[] = [];
    renderAt('/audience-builder', {
      'GET /api/external/interests/': { body: { interests: [] } },
      'POST /api/build-audience/': (init) => {
        sent.push(jsonBody(init));
        return {
          body: {
            sample_count: 12,
            population_estimate: 1_234_567,
            size_bucket: '1M-5M',
            unmatched: [],
            handles_truncated: false,
            figure: populationEstimate(12, { sampleSize: 100_000, rate: 1_234_567 / 12 }),
          },
        };
      },
    });
    expect(await screen.findByRole('heading', { name: 'Audience builder', level: 1 })).toBeTruthy();
    expect(screen.getByText('Sign in to save this audience')).toBeTruthy();
    await ui.type(screen.getByRole('textbox', { name: 'Posted about' }), 'coffee{Enter}');
    expect(await screen.findByText('1.2M', {}, { timeout: 3000 })).toBeTruthy();
    expect(sent.at(-1)).toMatchObject({ targeting_package: { keywords: [{ label: 'coffee' }] } });
  });

  it('confirms a request from the mailed link', async () => {
    let token: unknown;
    renderAt('/request-verification?token=abcdefghijklmnopqrstuvwx', {
      'POST /api/external/audience-requests/verify/': (init) => {
        token = (jsonBody(init) as { token: string }).token;
        return { body: { email: 'kenji@example.jp', state: 'verified' } };
      },
    });
    expect(await screen.findByText('Your request is confirmed')).toBeTruthy();
    expect(token).toBe('abcdefghijklmnopqrstuvwx');
    expect(screen.getByText(/kenji@example\.jp/)).toBeTruthy();
  });
});
