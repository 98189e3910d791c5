import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeTeam, makeUser } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { AcceptInvite } from './accept-invite';

const teamInfo = { id: 9, name: 'Beta Agency', slug: 'beta', logo: null };
const newcomer = makeUser({ memberships: [] });

describe('AcceptInvite', () => {
  it('asks signed-out visitors to sign in first', async () => {
    const ui = userEvent.setup();
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/teaminfo/beta/': { body: teamInfo } }),
    );
    const onSignIn = vi.fn();
    renderWithProviders(
      <AcceptInvite slug="beta" code="c0de" user={null} onSignIn={onSignIn} onOpenTeam={vi.fn()} />,
    );
    expect(await screen.findByRole('heading', { name: 'Join Beta Agency' })).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Sign in to accept' }));
    expect(onSignIn).toHaveBeenCalled();
  });

  it('joins the team with the code and opens it', async () => {
    const ui = userEvent.setup();
    const accept = vi.fn(() => ({ body: makeTeam({ id: 9, slug: 'beta', name: 'Beta Agency' }) }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teaminfo/beta/': { body: teamInfo },
        'POST /api/teams/9/invites/accept/': accept,
      }),
    );
    const onOpenTeam = vi.fn();
    renderWithProviders(
      <AcceptInvite slug="beta" code="c0de" user={newcomer} onSignIn={vi.fn()} onOpenTeam={onOpenTeam} />,
    );
    await ui.click(await screen.findByRole('button', { name: 'Join Beta Agency' }));
    await waitFor(() => expect(onOpenTeam).toHaveBeenCalledWith('beta'));
    const calls = accept.mock.calls as unknown as [RequestInit][];
    expect(jsonBody(calls[0]![0])).toEqual({ code: 'c0de' });
  });

  it('says so when the code has been used', async () => {
    const ui = userEvent.setup();
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teaminfo/beta/': { body: teamInfo },
        'POST /api/teams/9/invites/accept/': {
          status: 400,
          body: { code: ['This invitation has already been used'] },
        },
      }),
    );
    renderWithProviders(
      <AcceptInvite slug="beta" code="c0de" user={newcomer} onSignIn={vi.fn()} onOpenTeam={vi.fn()} />,
    );
    await ui.click(await screen.findByRole('button', { name: 'Join Beta Agency' }));
    expect(await screen.findByText(/already been used/)).toBeTruthy();
  });

  it('says an invitation sent to another address cannot be accepted with this one, and stays', async () => {
    const ui = userEvent.setup();
    const refusal =
      'This invitation was sent to another email address. Sign in with the address it was sent to, or ask a team admin to invite you.';
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teaminfo/beta/': { body: teamInfo },
        'POST /api/teams/9/invites/accept/': { status: 403, body: { detail: refusal } },
      }),
    );
    const onOpenTeam = vi.fn();
    renderWithProviders(
      <AcceptInvite slug="beta" code="c0de" user={newcomer} onSignIn={vi.fn()} onOpenTeam={onOpenTeam} />,
    );
    await ui.click(await screen.findByRole('button', { name: 'Join Beta Agency' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(onOpenTeam).not.toHaveBeenCalled();
  });

  it('explains an unknown team or a missing code', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/teaminfo/nope/': { status: 404, body: { detail: 'Not found.' } } }),
    );
    renderWithProviders(
      <AcceptInvite slug="nope" code="c0de" user={null} onSignIn={vi.fn()} onOpenTeam={vi.fn()} />,
    );
    expect(await screen.findByText('This invitation cannot be used')).toBeTruthy();
  });
});
