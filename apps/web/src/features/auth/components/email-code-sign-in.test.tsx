import type { SignInResponse } from '@murmur/core/api';
import { ApiError } from '@murmur/core/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { EmailCodeSignIn } from './email-code-sign-in';

const user = {
  id: 1,
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: '',
  language: 'en' as const,
  groups: [],
  social_accounts: [],
  memberships: [],
};

const setup = (
  confirm: () => Promise<SignInResponse>,
  request: () => Promise<{ magic_code: string }> = () => Promise.resolve({ magic_code: 'magic-1' }),
) => {
  const requestCode = vi.fn(request);
  const confirmCode = vi.fn(confirm);
  const onSignedIn = vi.fn();
  renderWithProviders(
    <EmailCodeSignIn requestCode={requestCode} confirmCode={confirmCode} onSignedIn={onSignedIn} />,
  );
  return { requestCode, confirmCode, onSignedIn };
};

describe('EmailCodeSignIn', () => {
  it('validates the email address', async () => {
    const ui = userEvent.setup();
    const { requestCode } = setup(() => Promise.resolve({ key: 'k', user }));
    await ui.type(screen.getByLabelText(/Email address/), 'not-an-email');
    await ui.click(screen.getByRole('button', { name: 'Send sign-in code' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(requestCode).not.toHaveBeenCalled();
  });

  it('submits the code automatically at 6 characters and signs in', async () => {
    const ui = userEvent.setup();
    const { requestCode, confirmCode, onSignedIn } = setup(() => Promise.resolve({ key: 'k', user }));
    await ui.type(screen.getByLabelText(/Email address/), 'ana@example.com');
    await ui.click(screen.getByRole('button', { name: 'Send sign-in code' }));
    expect(requestCode).toHaveBeenCalledWith('ana@example.com');

    const code = await screen.findByLabelText('Sign-in code');
    await ui.type(code, 'ab12c');
    expect(confirmCode).not.toHaveBeenCalled();
    await ui.type(code, 'd');
    await waitFor(() =>
      expect(confirmCode).toHaveBeenCalledWith({ magic_code: 'magic-1', confirm_code: 'AB12CD' }),
    );
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ key: 'k', user }));
  });

  it('flags an invalid code and lets the user reset', async () => {
    const ui = userEvent.setup();
    const { requestCode, onSignedIn } = setup(() =>
      Promise.reject(new ApiError(400, { confirm_code: ['Invalid login code'] })),
    );
    await ui.type(screen.getByLabelText(/Email address/), 'ana@example.com');
    await ui.click(screen.getByRole('button', { name: 'Send sign-in code' }));
    await ui.type(await screen.findByLabelText('Sign-in code'), 'ZZZZZZ');
    expect(await screen.findByText('Invalid login code')).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();

    await ui.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(requestCode).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('Invalid login code')).toBeNull();
    expect(await screen.findByText('A new code is on its way.')).toBeTruthy();

    await ui.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByLabelText<HTMLInputElement>(/Email address/).value).toBe('ana@example.com');
  });

  it('shows the SPEC message when the network fails', async () => {
    const ui = userEvent.setup();
    setup(() => Promise.reject(new ApiError(0, { detail: 'x' })));
    await ui.type(screen.getByLabelText(/Email address/), 'ana@example.com');
    await ui.click(screen.getByRole('button', { name: 'Send sign-in code' }));
    await ui.type(await screen.findByLabelText('Sign-in code'), 'ABCDEF');
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeTruthy();
  });

  it('says why no code was sent: too many codes for the address, and when to try again', async () => {
    const ui = userEvent.setup();
    const { requestCode } = setup(
      () => Promise.resolve({ key: 'k', user }),
      () =>
        Promise.reject(
          new ApiError(429, {
            detail: 'Too many sign-in codes requested for this address. Please try again in 9 minutes.',
          }),
        ),
    );
    await ui.type(screen.getByLabelText(/Email address/), 'ana@example.com');
    await ui.click(screen.getByRole('button', { name: 'Send sign-in code' }));
    await waitFor(() => expect(requestCode).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(/Please try again in 9 minutes\./)).toBeTruthy();
    // Still on the email step, ready to try again.
    expect(screen.getByRole('button', { name: 'Send sign-in code' })).toBeTruthy();
    expect(screen.queryByLabelText('Sign-in code')).toBeNull();
  });

  it('says so when the code cannot be sent for any other reason', async () => {
    const ui = userEvent.setup();
    setup(
      () => Promise.resolve({ key: 'k', user }),
      () => Promise.reject(new ApiError(0, { detail: 'offline' })),
    );
    await ui.type(screen.getByLabelText(/Email address/), 'ana@example.com');
    await ui.click(screen.getByRole('button', { name: 'Send sign-in code' }));
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeTruthy();
  });
});
