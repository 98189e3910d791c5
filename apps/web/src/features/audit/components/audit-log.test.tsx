import type { AuditList } from '@murmur/core/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders, urlOf } from '@/test/render';
import { AuditLog } from './audit-log';

const page: AuditList = {
  count: 1,
  results: [
    {
      id: 3,
      created: '2026-11-25T01:00:00Z',
      actor: { id: 1, email: 'admin@acme.example' },
      ip: '203.0.113.7',
      action: 'member.level_changed',
      subject: 'bo@acme.example',
      before: { level: 'member' },
      after: { level: 'admin' },
    },
  ],
};

describe('AuditLog', () => {
  it('lists entries with actor, IP and before/after, and filters them', async () => {
    const ui = userEvent.setup();
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockImplementation(fakeFetch({ 'GET /api/teams/acme/audit-log/': { body: page } }));
    renderWithProviders(<AuditLog teamSlug="acme" />);
    const row = (await screen.findByText('bo@acme.example')).closest('tr')!;
    expect(within(row).getByText('admin@acme.example')).toBeTruthy();
    expect(within(row).getByText('203.0.113.7')).toBeTruthy();
    expect(within(row).getByText(/"level": "member"/)).toBeTruthy();
    expect(within(row).getByText(/"level": "admin"/)).toBeTruthy();
    // The shared table: on a phone each cell shows "column: value" from its data-label.
    expect(screen.getByRole('table', { name: 'Audit log' })).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label')),
    ).toEqual(['When', 'Who', 'Action', 'Change']);

    await ui.type(screen.getByLabelText('Action'), 'member.level_changed');
    await ui.type(screen.getByLabelText('Search'), 'bo@');
    await ui.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(urlOf(fetch.mock.calls.at(-1)![0])).toContain('action=member.level_changed'));
    expect(urlOf(fetch.mock.calls.at(-1)![0])).toContain('q=bo%40');
    const csv = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!,
      'http://localhost',
    );
    expect(csv.pathname).toBe('/api/teams/acme/audit-log.csv');
    expect(Object.fromEntries(csv.searchParams)).toEqual({ q: 'bo@', action: 'member.level_changed' });
  });

  it('says when nothing matches, and when it cannot load', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/teams/acme/audit-log/': { body: { count: 0, results: [] } } }),
    );
    const { unmount } = renderWithProviders(<AuditLog teamSlug="acme" />);
    expect(await screen.findByText('No entries match.')).toBeTruthy();
    unmount();
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/teams/acme/audit-log/': { status: 403, body: { detail: 'No.' } } }),
    );
    renderWithProviders(<AuditLog teamSlug="other" />);
    expect(await screen.findByText(/could not be loaded/)).toBeTruthy();
  });
});
