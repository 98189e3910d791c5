import type { Invite } from '@murmur/core/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, holdingFetch, jsonBody, renderWithProviders } from '@/test/render';
import { InviteForm } from './invite-form';

const invite = (id: number, email: string, state: Invite['state']): Invite => ({
  id,
  email,
  message: '',
  state,
  created: '2026-03-01T00:00:00Z',
  expires: '2026-03-08T00:00:00Z',
  expired: false,
  accepted: false,
  joined: null,
  last_login: null,
});

describe('InviteForm', () => {
  it('rejects addresses that are not valid', async () => {
    const ui = userEvent.setup();
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({}));
    renderWithProviders(<InviteForm teamId={7} />);
    await ui.type(screen.getByLabelText(/Email addresses/), 'bo@example.com, nope');
    await ui.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(screen.getByText('These are not valid email addresses: nope')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('invites several people at once with an optional message and shows each state', async () => {
    const ui = userEvent.setup();
    const post = vi.fn(() => ({
      status: 201,
      body: [invite(1, 'bo@example.com', 'sent'), invite(2, 'cy@example.com', 'pending')],
    }));
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ 'POST /api/teams/7/invites/': post }));
    renderWithProviders(<InviteForm teamId={7} />);
    await ui.type(screen.getByLabelText(/Email addresses/), 'Bo@example.com\ncy@example.com');
    await ui.type(screen.getByLabelText('Message (optional)'), 'Welcome aboard');
    await ui.click(screen.getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const calls = post.mock.calls as unknown as [RequestInit][];
    expect(jsonBody(calls[0]![0])).toEqual({
      emails: ['bo@example.com', 'cy@example.com'],
      message: 'Welcome aboard',
    });
    expect(await screen.findByText('Invitations created: 2')).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>(/Email addresses/).value).toBe('');
  });

  it('keeps addresses typed while the invitations are being sent', async () => {
    const ui = userEvent.setup();
    const answer = fakeFetch({
      'POST /api/teams/7/invites/': { status: 201, body: [invite(1, 'bo@example.com', 'sent')] },
    });
    // The invitations' creation answers only when released.
    const { release } = holdingFetch(answer, () => true);
    renderWithProviders(<InviteForm teamId={7} />);
    const emails = screen.getByLabelText<HTMLTextAreaElement>(/Email addresses/);
    const message = screen.getByLabelText<HTMLTextAreaElement>('Message (optional)');
    await ui.type(emails, 'bo@example.com');
    await ui.type(message, 'Welcome');
    await ui.click(screen.getByRole('button', { name: 'Send invitations' }));
    // The next address, typed while the first is being sent.
    await ui.type(emails, '\ncy@example.com');
    release();
    expect(await screen.findByText('Invitations created: 1')).toBeTruthy();
    expect(emails.value).toBe('bo@example.com\ncy@example.com');
    // The message was sent as it was: emptied.
    expect(message.value).toBe('');
  });
});
