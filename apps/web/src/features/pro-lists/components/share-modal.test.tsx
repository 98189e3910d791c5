import type { AudienceConfig } from '@murmur/core/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { ShareModal } from './share-modal';

// Only the list's id and name matter to the dialog.
const list = { id: 7, name: 'Coffee lovers' } as AudienceConfig;

describe('ShareModal, with an account (SPEC §7 share-via-account)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the list and the address, then closes', async () => {
    const share = vi.fn((init: RequestInit | undefined) => {
      expect(jsonBody(init)).toEqual({ audience_config_id: 7, email: 'sam@example.com' });
      return { body: { shared_with: ['sam@example.com'] } };
    });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'POST /api/external/audience-configs/share-via-account/': share }),
    );
    const onClose = vi.fn();
    renderWithProviders(<ShareModal list={list} opened onClose={onClose} />);
    await userEvent.click(screen.getByText('With an account'));
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByLabelText('Email address of the account'), ' sam@example.com ');
    await userEvent.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(share).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal and stays open", async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'POST /api/external/audience-configs/share-via-account/': {
          status: 400,
          body: {
            email: ['No Targeting Toolkit account uses this email address. Share the list by mail instead.'],
          },
        },
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(<ShareModal list={list} opened onClose={onClose} />);
    await userEvent.click(screen.getByText('With an account'));
    await userEvent.type(screen.getByLabelText('Email address of the account'), 'nobody@example.com{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No Targeting Toolkit account uses this email address.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
