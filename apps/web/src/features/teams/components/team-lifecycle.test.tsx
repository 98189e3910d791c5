import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invite } from '@murmur/core/api';
import { describe, expect, it, vi } from 'vitest';
import { makeMember, makeTeam, makeUser } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders, urlOf, type FakeRoute } from '@/test/render';
import { TeamSettings } from './team-settings';

/**
 * The team lifecycle on the Team settings screen (docs/API.md "Team lifecycle and who may do what"):
 * an admin changes a member's level, removes a member (asked twice), withdraws and resends
 * invitations, hands the team over and deletes it (confirmed by its name); anyone leaves; a refusal
 * is said on screen.
 */

const bo = makeMember({
  id: 12,
  level: 'member',
  user: { id: 2, email: 'bo@example.com', first_name: 'Bo', last_name: '' },
});
const members = [makeMember(), bo];
const invite: Invite = {
  id: 5,
  email: 'cy@example.com',
  message: '',
  state: 'sent',
  created: '2026-01-06T10:00:00Z',
  accepted: false,
  joined: null,
  last_login: null,
  expires: '2026-01-13T10:00:00Z',
  expired: false,
};

/** Renders the settings of team acme (id 7) for `user`, answering reads and the given writes. */
function renderSettings(writes: Record<string, FakeRoute>, user = makeUser()) {
  const fetch = vi.spyOn(window, 'fetch').mockImplementation(
    fakeFetch({
      'GET /api/teams/acme/members/': { body: members },
      'GET /api/teams/7/invites/': { body: [invite] },
      ...writes,
    }),
  );
  renderWithProviders(<TeamSettings team={makeTeam()} user={user} />, { route: '/acme/team' });
  /** The calls made to `key` ("METHOD path"), with their JSON bodies. */
  const callsTo = (key: string) =>
    fetch.mock.calls
      .filter(([url, init]) => `${init?.method ?? 'GET'} ${new URL(urlOf(url), 'http://x').pathname}` === key)
      .map(([, init]) => jsonBody(init));
  return { callsTo };
}

const memberRow = async (email: string) => {
  const table = await screen.findByRole('table', { name: 'Members' });
  return (await within(table).findByText(email, { exact: false })).closest('tr')!;
};
const lifecycle = () => screen.getByRole('region', { name: 'Leave, hand over or delete' });

describe('team lifecycle on Team settings', { timeout: 20_000 }, () => {
  it('an admin changes a member’s level, and removes a member only when asked twice', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderSettings({
      'PATCH /api/teams/acme/members/12/': { body: { ...bo, level: 'admin' } },
      'DELETE /api/teams/acme/members/12/': { body: bo },
    });
    const row = await memberRow('bo@example.com');
    // The admin's own row has no controls: they leave instead.
    expect(within(await memberRow('ana@example.com')).getByText('You')).toBeTruthy();

    await user.click(within(row).getByRole('textbox', { name: 'Level of bo@example.com' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await waitFor(() => expect(callsTo('PATCH /api/teams/acme/members/12/')).toEqual([{ level: 'admin' }]));

    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(callsTo('DELETE /api/teams/acme/members/12/')).toEqual([]);
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    await user.click(within(row).getByRole('button', { name: 'Yes, remove bo@example.com' }));
    await waitFor(() => expect(callsTo('DELETE /api/teams/acme/members/12/')).toHaveLength(1));
  });

  it('withdraws an invitation and sends it again', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderSettings({
      'DELETE /api/teams/7/invites/5/': { status: 204 },
      'POST /api/teams/7/invites/5/resend/': { body: invite },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Send the invitation to cy@example.com again' }),
    );
    await waitFor(() => expect(callsTo('POST /api/teams/7/invites/5/resend/')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Withdraw the invitation to cy@example.com' }));
    await waitFor(() => expect(callsTo('DELETE /api/teams/7/invites/5/')).toHaveLength(1));
  });

  it('says why the server refused: the last admin cannot leave', async () => {
    const user = userEvent.setup();
    const refusal = 'You are the last admin of this team. Make another member an admin first.';
    renderSettings({ 'POST /api/teams/acme/leave/': { status: 400, body: { non_field_errors: [refusal] } } });
    await user.click(within(lifecycle()).getByRole('button', { name: 'Leave team' }));
    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
  });

  it('hands the team over to the chosen member', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderSettings({ 'POST /api/teams/acme/transfer/': { body: bo } });
    const handOver = within(lifecycle()).getByRole('button', { name: 'Hand over' });
    expect(handOver).toHaveProperty('disabled', true);
    await user.click(within(lifecycle()).getByRole('textbox', { name: 'Hand over to' }));
    // Only the other members are offered.
    expect(screen.queryByRole('option', { name: 'ana@example.com' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'bo@example.com' }));
    await user.click(handOver);
    await waitFor(() => expect(callsTo('POST /api/teams/acme/transfer/')).toEqual([{ member: 12 }]));
  });

  it('deletes the team only once its name is typed', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderSettings({ 'DELETE /api/teams/acme/': { status: 204 } });
    const remove = within(lifecycle()).getByRole('button', { name: 'Delete team' });
    const name = within(lifecycle()).getByRole('textbox', { name: "Type the team's name to confirm" });
    await user.type(name, 'Acme');
    expect(remove).toHaveProperty('disabled', true);
    await user.type(name, ' Marketing');
    expect(remove).toHaveProperty('disabled', false);
    await user.click(remove);
    await waitFor(() => expect(callsTo('DELETE /api/teams/acme/')).toEqual([{ name: 'Acme Marketing' }]));
  });

  it('a plain member may leave, and sees no level, removal, hand-over or deletion controls', async () => {
    const member = makeUser({
      id: 2,
      email: 'bo@example.com',
      memberships: [{ id: 12, level: 'member', team: { id: 7, name: 'Acme Marketing', slug: 'acme' } }],
    });
    renderSettings({}, member);
    const row = await memberRow('ana@example.com');
    expect(within(row).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Level of/ })).toBeNull();
    expect(within(lifecycle()).getByRole('button', { name: 'Leave team' })).toBeTruthy();
    expect(within(lifecycle()).queryByRole('button', { name: 'Hand over' })).toBeNull();
    expect(within(lifecycle()).queryByRole('button', { name: 'Delete team' })).toBeNull();
  });
});
