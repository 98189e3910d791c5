import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n } from '@/lib/i18n';
import { notificationStore } from '@/lib/notifications';
import { makeUser } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { ManageAccount } from './manage-account';

afterEach(async () => {
  await applyLanguage('en');
});

describe('ManageAccount', () => {
  it('saves first and last name with PUT /api/user/me/', async () => {
    const ui = userEvent.setup();
    const put = vi.fn((init: RequestInit | undefined) => ({
      body: { ...makeUser(), ...(jsonBody(init) as object) },
    }));
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ 'PUT /api/user/me/': put }));
    renderWithProviders(<ManageAccount user={makeUser()} />);
    await ui.clear(screen.getByLabelText('First name'));
    await ui.type(screen.getByLabelText('First name'), 'Anna');
    await ui.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(jsonBody(put.mock.calls[0]![0])).toEqual({
      first_name: 'Anna',
      last_name: 'Silva',
    });
  });

  it('applies the language at once and saves it', async () => {
    const ui = userEvent.setup();
    const put = vi.fn(() => ({ body: makeUser({ language: 'ja' }) }));
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ 'PUT /api/user/me/': put }));
    renderWithProviders(<ManageAccount user={makeUser()} />);
    await ui.click(screen.getByRole('textbox', { name: 'Language' }));
    await ui.click(await screen.findByRole('option', { name: '日本語' }));
    await ui.click(screen.getByRole('button', { name: 'Save language' }));
    await waitFor(() => expect(i18n.resolvedLanguage).toBe('ja'));
    await waitFor(() => expect(put).toHaveBeenCalled());
    const calls = put.mock.calls as unknown as [RequestInit][];
    expect(jsonBody(calls[0]![0])).toEqual({ language: 'ja' });
    // The screen now speaks Japanese.
    expect(await screen.findByRole('button', { name: '言語を保存' })).toBeTruthy();
    // And says so in Japanese.
    await waitFor(() =>
      expect(notificationStore.list().map((n) => n.text)).toContain('表示言語を変更しました。'),
    );
  });

  it('only logs a warning when the language cannot be saved (SPEC §8)', async () => {
    const ui = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'PUT /api/user/me/': { status: 500, body: { detail: 'Server error' } },
        'GET /rest-auth/socialaccounts/': { body: [] },
        'GET /api/user/credentials/': { body: { sessions: [], tokens: [] } },
      }),
    );
    renderWithProviders(<ManageAccount user={makeUser()} />);
    await ui.click(screen.getByRole('textbox', { name: 'Language' }));
    await ui.click(await screen.findByRole('option', { name: '日本語' }));
    await ui.click(screen.getByRole('button', { name: 'Save language' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(i18n.resolvedLanguage).toBe('ja');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists connected accounts, X by its @handle, and disconnects one', async () => {
    const ui = userEvent.setup();
    let accounts = [
      { id: 1, provider: 'twitter', uid: '11', handle: 'acme_jp' },
      { id: 2, provider: 'google', uid: '22', handle: null },
    ];
    const disconnect = vi.fn(() => {
      accounts = accounts.filter((a) => a.id !== 2);
      return { body: { detail: 'Social account disconnected.' } };
    });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /rest-auth/socialaccounts/': () => ({ body: accounts }),
        'POST /rest-auth/socialaccounts/2/disconnect/': disconnect,
        'GET /api/user/me/': { body: makeUser() },
      }),
    );
    renderWithProviders(<ManageAccount user={makeUser()} />);
    expect(await screen.findByText('Google')).toBeTruthy();
    expect(screen.getByText('@acme_jp').parentElement?.textContent).toBe('X@acme_jp');
    expect(screen.getByRole('button', { name: 'Disconnect X @acme_jp' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect X' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Google' })).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Disconnect Google' }));
    await waitFor(() => expect(disconnect).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByText('Google')).toBeNull());
  });
});
