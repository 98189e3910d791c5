import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Credentials } from '@murmur/core/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
import { makeUser } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { ManageAccount } from './manage-account';

afterEach(async () => {
  await applyLanguage('en');
});

const credential = (id: number, current: boolean) => ({
  id,
  current,
  created: '2026-11-01T10:00:00Z',
  last_used_at: '2026-11-20T10:00:00Z',
  last_used_agent: current ? 'Chrome on macOS' : 'Firefox on Windows',
  last_used_ip: current ? '203.0.113.5' : '198.51.100.7',
  expires_at: '2026-12-04T10:00:00Z',
});

const listed = (): Credentials => ({
  sessions: [credential(1, true), credential(2, false)],
  tokens: [{ ...credential(7, true), session: 1 }],
});

describe('ManageAccount: sessions and tokens, your data', () => {
  it('lists sessions and tokens with where they were last used, and revokes one', async () => {
    const ui = userEvent.setup();
    let data = listed();
    const revoke = vi.fn(() => {
      data = { ...data, sessions: data.sessions.filter((s) => s.id !== 2) };
      return { status: 204 };
    });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/credentials/': () => ({ body: data }),
        'DELETE /api/user/credentials/sessions/2/': revoke,
        'GET /rest-auth/socialaccounts/': { body: [] },
      }),
    );
    renderWithProviders(<ManageAccount user={makeUser()} />);
    const list = await screen.findByRole('list', { name: 'Sessions and tokens' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText(/Firefox on Windows · 198\.51\.100\.7/)).toBeTruthy();
    expect(within(list).getAllByText('This browser')).toHaveLength(2);
    const buttons = within(list).getAllByRole('button', { name: /^Revoke Browser session/ });
    await ui.click(buttons[1]!);
    await waitFor(() => expect(revoke).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
  });

  it('signs out everywhere else', async () => {
    const ui = userEvent.setup();
    const others = vi.fn(() => ({ status: 204 }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/credentials/': { body: listed() },
        'POST /api/user/credentials/revoke-others/': others,
        'GET /rest-auth/socialaccounts/': { body: [] },
      }),
    );
    renderWithProviders(<ManageAccount user={makeUser()} />);
    await screen.findByRole('list', { name: 'Sessions and tokens' });
    await ui.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(others).toHaveBeenCalledTimes(1));
  });

  it('shows the empty state and the error state with a retry', async () => {
    let fail = true;
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/credentials/': () =>
          fail ? { status: 500, body: { detail: 'Server error' } } : { body: { sessions: [], tokens: [] } },
        'GET /rest-auth/socialaccounts/': { body: [] },
      }),
    );
    const ui = userEvent.setup();
    renderWithProviders(<ManageAccount user={makeUser()} />);
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    fail = false;
    await ui.click(retry);
    expect(await screen.findByText('No sessions or tokens.')).toBeTruthy();
  });

  it('deletes the account only once the address is typed, and shows the server’s refusal', async () => {
    const ui = userEvent.setup();
    const remove = vi.fn((_init: RequestInit | undefined) => ({
      status: 400,
      body: { non_field_errors: ['You are the last admin of the team “Acme”.'] },
    }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/credentials/': { body: listed() },
        'POST /api/user/delete-account/': remove,
        'GET /rest-auth/socialaccounts/': { body: [] },
      }),
    );
    const user = makeUser();
    renderWithProviders(<ManageAccount user={user} />);
    await ui.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await ui.type(within(dialog).getByLabelText('Your email address'), user.email);
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    await ui.click(confirm);
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    expect(jsonBody(remove.mock.calls[0]![0])).toEqual({ email: user.email });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('You are the last admin of the team “Acme”.');
  });

  it('speaks Japanese', async () => {
    await applyLanguage('ja');
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/credentials/': { body: listed() },
        'GET /rest-auth/socialaccounts/': { body: [] },
      }),
    );
    renderWithProviders(<ManageAccount user={makeUser()} />);
    expect(await screen.findByRole('button', { name: 'ほかのすべての場所からサインアウト' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'データをダウンロード' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'アカウントを削除' })).toBeTruthy();
  });
});
