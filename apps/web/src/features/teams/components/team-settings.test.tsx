import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeMember, makeTeam, makeUser } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders, urlOf } from '@/test/render';
import { TeamSettings } from './team-settings';

const members = [
  makeMember(),
  makeMember({
    id: 12,
    level: 'member',
    user: { id: 2, email: 'bo@example.com', first_name: 'Bo', last_name: '' },
    last_login: new Date(Date.now() - 3 * 3600_000).toISOString(),
  }),
];

// The whole settings page renders in jsdom, which takes a few seconds on a busy machine.
describe('TeamSettings', { timeout: 20_000 }, () => {
  it('shows members with level, joined date and last login', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teams/acme/members/': { body: members },
        'GET /api/teams/7/invites/': { body: [] },
      }),
    );
    renderWithProviders(<TeamSettings team={makeTeam()} user={makeUser()} />, { route: '/acme/team' });
    const table = await screen.findByRole('table', { name: 'Members' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Ana Silva');
    expect(rows[1]!.textContent).toContain('Admin');
    expect(rows[1]!.textContent).toContain('Jan 5, 2026');
    expect(rows[1]!.textContent).toContain('Never');
    expect(rows[2]!.textContent).toContain('3 hours ago');
    expect(await screen.findByText('No invitations yet.')).toBeTruthy();
  });

  it('is read-only for members who are not admins', async () => {
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockImplementation(fakeFetch({ 'GET /api/teams/acme/members/': { body: members } }));
    const member = makeUser({
      memberships: [{ id: 12, level: 'member', team: { id: 7, name: 'Acme Marketing', slug: 'acme' } }],
    });
    renderWithProviders(<TeamSettings team={makeTeam()} user={member} />, { route: '/acme/team' });
    expect(screen.getByText('Only team admins can change these settings.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Team name' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save billing details' })).toBeNull();
    expect(screen.queryByText('Invite new member')).toBeNull();
    await screen.findByRole('table', { name: 'Members' });
    // Invitations are an admin's business: never asked for.
    expect(fetch.mock.calls.some(([url]) => urlOf(url).includes('/invites/'))).toBe(false);
  });

  it('shows billing completeness and the subscription status', () => {
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({}));
    const team = makeTeam({
      invoice_email: 'billing@acme.test',
      country: 'JP',
      invoice_name: 'Acme KK',
      subscriptions: [{ start: '2026-02-01T00:00:00Z', active: true, plan: { name: 'Enterprise yearly' } }],
    });
    renderWithProviders(<TeamSettings team={team} user={makeUser()} />, { route: '/acme/team' });
    expect(screen.getByText('Complete')).toBeTruthy();
    expect(screen.getByText('Active subscription')).toBeTruthy();
    expect(screen.getByText('Enterprise')).toBeTruthy();
  });

  it('says an enterprise plan has ended once a later subscription is inactive', () => {
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({}));
    const team = makeTeam({
      subscriptions: [
        { start: '2026-02-01T00:00:00Z', active: false, plan: { name: 'Enterprise' } },
        { start: '2025-02-01T00:00:00Z', active: true, plan: { name: 'Starter' } },
      ],
    });
    renderWithProviders(<TeamSettings team={team} user={makeUser()} />, { route: '/acme/team' });
    expect(screen.getByText('No active subscription')).toBeTruthy();
    expect(screen.getByText('Enterprise plan ended')).toBeTruthy();
    expect(screen.queryByText('Enterprise')).toBeNull();
  });

  it('saves billing details with PATCH', async () => {
    const ui = userEvent.setup();
    const patch = vi.fn((init: RequestInit | undefined) => ({
      body: { ...makeTeam(), ...(jsonBody(init) as object) },
    }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teams/acme/members/': { body: members },
        'GET /api/teams/7/invites/': { body: [] },
        'PATCH /api/teams/acme/': patch,
      }),
    );
    renderWithProviders(<TeamSettings team={makeTeam()} user={makeUser()} />, { route: '/acme/team' });
    expect(screen.getByText('Incomplete')).toBeTruthy();
    await ui.click(screen.getByLabelText('Invoice email'));
    await ui.paste('billing@acme.test');
    await ui.click(screen.getByLabelText('Invoice name'));
    await ui.paste('Acme KK');
    await ui.click(screen.getByRole('button', { name: 'Save billing details' }));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(jsonBody(patch.mock.calls[0]![0])).toEqual({
      invoice_email: 'billing@acme.test',
      country: null,
      invoice_name: 'Acme KK',
    });
  });

  it('checks billing details with the generic form validator (SPEC §5; deviation 9)', async () => {
    const ui = userEvent.setup();
    const patch = vi.fn(() => ({ body: makeTeam() }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teams/acme/members/': { body: members },
        'GET /api/teams/7/invites/': { body: [] },
        'PATCH /api/teams/acme/': patch,
      }),
    );
    renderWithProviders(<TeamSettings team={makeTeam()} user={makeUser()} />, { route: '/acme/team' });
    await ui.click(screen.getByLabelText('Invoice email'));
    await ui.paste('billing.acme.test');
    await ui.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText('Invoice email is not valid')).toBeTruthy();
    expect(patch).not.toHaveBeenCalled();
    // Once an error shows, every change re-checks the form.
    await ui.type(screen.getByLabelText('Invoice email'), '@x');
    await waitFor(() => expect(screen.queryByText('Invoice email is not valid')).toBeNull());
  });
});
