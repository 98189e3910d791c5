import type { AudienceConfig } from '@murmur/core/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
