import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@murmur/core/api';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { ApiKeysPanel } from './api-keys-panel';

const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 1,
  name: 'BI export',
  prefix: 'mur_AbCdEf',
  scopes: ['audiences:read'],
  rate_limit_per_minute: 120,
  usage_count: 12345,
  last_used_at: null,
  created: '2026-11-01T00:00:00.000Z',
  revoked_at: null,
  created_by: { id: 1, email: 'ana@example.com' },
  ...over,
});

describe('ApiKeysPanel', { timeout: 20_000 }, () => {
  it('lists keys with prefix, scopes, last use and the usage count', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teams/acme/api-keys/': {
          body: [key(), key({ id: 2, name: 'Old', revoked_at: '2026-11-02T00:00:00.000Z' })],
        },
      }),
    );
    renderWithProviders(<ApiKeysPanel slug="acme" />);
    const table = await screen.findByRole('table', { name: 'API keys' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('BI export');
    expect(rows[1]!.textContent).toContain('mur_AbCdEf…');
    expect(rows[1]!.textContent).toContain('Read audiences');
    expect(rows[1]!.textContent).toContain('Never');
    expect(rows[1]!.textContent).toContain('12,345');
    expect(rows[2]!.textContent).toContain('Revoked');
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    // On a phone each cell shows "column: value" from its data-label (DataTable's stacked rows).
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label')),
    ).toEqual(['Key', 'Scopes', 'Last used', 'Requests', '']);
  });

  it('says so when there are no keys, and when they cannot be loaded', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/teams/acme/api-keys/': { body: [] } }),
    );
    renderWithProviders(<ApiKeysPanel slug="acme" />);
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
  });

  it('shows an error with a retry when the list fails', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/teams/acme/api-keys/': { status: 500, body: { detail: 'boom' } } }),
    );
    renderWithProviders(<ApiKeysPanel slug="acme" />);
    expect(await screen.findByText(/could not be loaded/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('creates a key with the chosen scopes and shows the secret once', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teams/acme/api-keys/': { body: [] },
        'POST /api/teams/acme/api-keys/': (init) => {
          sent = jsonBody(init);
          return { status: 201, body: { ...key({ id: 3, name: 'CRM' }), key: 'mur_secretvalue' } };
        },
      }),
    );
    renderWithProviders(<ApiKeysPanel slug="acme" />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'CRM');
    await user.click(screen.getByRole('checkbox', { name: 'Write audiences' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('mur_secretvalue')).toBeTruthy();
    expect(sent).toEqual({
      name: 'CRM',
      scopes: ['audiences:read', 'audiences:write'],
      rate_limit_per_minute: 120,
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('mur_secretvalue')).toBeNull();
  });

  it('revokes a key only after confirming', async () => {
    const user = userEvent.setup();
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teams/acme/api-keys/': { body: [key()] },
        'DELETE /api/teams/acme/api-keys/1/': { status: 204 },
      }),
    );
    renderWithProviders(<ApiKeysPanel slug="acme" />);
    await user.click(await screen.findByRole('button', { name: 'Revoke: BI export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke BI export?' });
    const deletes = () => fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE').length;
    expect(deletes()).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(deletes()).toBe(1));
  });
});
