import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserGroups } from '@murmur/core/api';
import { applyLanguage } from '@/lib/i18n';
import { fakeFetch, jsonBody, renderWithProviders, urlOf } from '@/test/render';
import { StaffGroups } from './staff-groups';

afterEach(async () => {
  await applyLanguage('en');
});

/** The staff API over a little in-memory directory: who exists and who is a creator. */
function fakeStaffApi(staff: boolean, creators: Set<string>) {
  const users = ['ann@example.com'];
  const view = (email: string): UserGroups => ({
    id: 7,
    email,
    groups: creators.has(email) ? [{ name: 'Audience_creator' }] : [],
  });
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    const url = new URL(urlOf(input), 'http://localhost');
    calls.push({ method: init?.method ?? 'GET', url, body: jsonBody(init) });
    const email = url.searchParams.get('email') ?? (jsonBody(init) as { email?: string } | undefined)?.email;
    const known = email !== undefined && users.includes(email.trim().toLowerCase());
    const forbidden = { status: 403, body: { detail: 'You do not have permission to perform this action.' } };
    const missing = { status: 404, body: { detail: 'No user has this email address.' } };
    return fakeFetch({
      'GET /api/staff/access/': { body: { staff } },
      'GET /api/staff/user-groups/': !staff
        ? forbidden
        : known
          ? { body: view(email.trim().toLowerCase()) }
          : missing,
      'POST /api/staff/user-groups/': () => {
        creators.add(email!);
        return { body: view(email!) };
      },
      'POST /api/staff/user-groups/remove/': () => {
        creators.delete(email!);
        return { body: view(email!) };
      },
    })(input, init);
  });
  return calls;
}

describe('StaffGroups', () => {
  it('finds a user by address, gives creator access and takes it away', async () => {
    const ui = userEvent.setup();
    const creators = new Set<string>();
    const calls = fakeStaffApi(true, creators);
    renderWithProviders(<StaffGroups />);
    await ui.type(await screen.findByLabelText(/User's email address/), ' Ann@Example.com ');
    await ui.click(screen.getByRole('button', { name: 'Find user' }));
    const card = await screen.findByTestId('staff-user');
    expect(card.textContent).toContain('ann@example.com');
    expect(card.textContent).toContain('No groups');
    await ui.click(screen.getByRole('button', { name: 'Give creator access' }));
    await waitFor(() => expect(card.textContent).toContain('Audience creator'));
    expect(creators.has('ann@example.com')).toBe(true);
    const give = calls.find((c) => c.method === 'POST')!;
    expect([give.url.pathname, give.body]).toEqual([
      '/api/staff/user-groups/',
      { email: 'ann@example.com', group: 'Audience_creator' },
    ]);
    await ui.click(await screen.findByRole('button', { name: 'Remove creator access' }));
    await waitFor(() => expect(card.textContent).toContain('No groups'));
    expect(creators.size).toBe(0);
    expect(calls.at(-1)!.url.pathname).toBe('/api/staff/user-groups/remove/');
  });

  it('says in Japanese when nobody has the address', async () => {
    await applyLanguage('ja');
    const ui = userEvent.setup();
    fakeStaffApi(true, new Set());
    renderWithProviders(<StaffGroups />);
    await ui.type(await screen.findByLabelText(/ユーザーのメールアドレス/), 'nobody@example.com');
    await ui.click(screen.getByRole('button', { name: 'ユーザーを検索' }));
    expect((await screen.findByRole('alert')).textContent).toBe('このメールアドレスのユーザーはいません。');
  });

  it('is for internal staff only: others see why and no form', async () => {
    const calls = fakeStaffApi(false, new Set());
    renderWithProviders(<StaffGroups />);
    expect(await screen.findByText(/for internal staff only/)).toBeTruthy();
    expect(screen.queryByLabelText(/User's email address/)).toBeNull();
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/staff/access/']);
  });
});
