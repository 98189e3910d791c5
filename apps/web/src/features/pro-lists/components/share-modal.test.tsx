import type { AudienceConfig } from '@murmur/core/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notifications';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { ShareModal } from './share-modal';

// Only the list's id and name matter to the dialog.
const list = { id: 7, name: 'Coffee lovers' } as AudienceConfig;

describe('ShareModal, with an account (SPEC §7 share-via-account)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the list and the address, then closes and says the account is asked first', async () => {
    const share = vi.fn((init: RequestInit | undefined) => {
      expect(jsonBody(init)).toEqual({ audience_config_id: 7, email: 'sam@example.com' });
      return { body: { shared_with: ['sam@example.com'] } };
    });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'POST /api/external/audience-configs/share-via-account/': share }),
    );
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    renderWithProviders(<ShareModal list={list} opened onClose={onClose} />);
    await userEvent.click(screen.getByText('With an account'));
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByLabelText('Email address of the account'), ' sam@example.com ');
    await userEvent.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(share).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith(
      'If sam@example.com has an account, it is asked to accept the list.',
    );
  });

  it("shows the server's refusal and stays open", async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'POST /api/external/audience-configs/share-via-account/': {
          status: 400,
          body: { email: ['This list is already in your account.'] },
        },
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(<ShareModal list={list} opened onClose={onClose} />);
    await userEvent.click(screen.getByText('With an account'));
    await userEvent.type(screen.getByLabelText('Email address of the account'), 'me@example.com{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('This list is already in your account.');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ShareModal, by email: the share link', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('sends the days chosen, makes a new link and revokes it', async () => {
    let link: { url: string | null; expires_at: string | null } = {
      url: 'https://pro.example/shared/7.abc',
      expires_at: '2026-12-24T10:00:00.000Z',
    };
    const share = vi.fn((init: RequestInit | undefined) => {
      expect(jsonBody(init)).toEqual({
        audience_config_id: 7,
        emails: ['ann@example.com'],
        expires_in_days: 7,
      });
      return { body: { shared_with: ['ann@example.com'] } };
    });
    const rotate = vi.fn((init: RequestInit | undefined) => {
      expect(jsonBody(init)).toEqual({ expires_in_days: 7 });
      return { body: link };
    });
    const revoke = vi.fn(() => {
      link = { url: null, expires_at: null };
      return { status: 204 };
    });
    vi.spyOn(window, 'fetch').mockImplementation((input, init) =>
      fakeFetch({
        'GET /api/external/audience-configs/7/share-link/': { body: link },
        'POST /api/external/audience-configs/7/share-link/rotate/': rotate,
        'DELETE /api/external/audience-configs/7/share-link/': revoke,
        'POST /api/external/audience-configs/share/': share,
      })(input, init),
    );
    const success = vi.spyOn(notify, 'success');
    renderWithProviders(<ShareModal list={list} opened onClose={vi.fn()} />);
    expect(await screen.findByText('The current link works until Dec 24, 2026.')).toBeTruthy();
    await userEvent.click(screen.getByRole('textbox', { name: 'A new link works for' }));
    await userEvent.click(await screen.findByRole('option', { name: '7 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'New link' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('New link made: the old one no longer works'));
    expect(rotate).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Link revoked: it no longer works'));
    expect(await screen.findByText('No link works now: sending makes a new one.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke link' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email addresses' }), 'ann@example.com{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
  });

  it('shows the link controls in Japanese', async () => {
    await i18n.changeLanguage('ja');
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/external/audience-configs/7/share-link/': { body: { url: null, expires_at: null } },
      }),
    );
    renderWithProviders(<ShareModal list={list} opened onClose={vi.fn()} />);
    expect(
      await screen.findByText('有効なリンクはありません。送信すると新しいリンクが作成されます。'),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '新しいリンクの有効期間' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '新しいリンク' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'リンクを無効化' }).hasAttribute('disabled')).toBe(true);
  });
});
