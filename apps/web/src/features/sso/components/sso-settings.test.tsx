import type { SsoConfig } from '@murmur/core/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { SsoSettings } from './sso-settings';

const saved: SsoConfig = {
  enabled: true,
  issuer: 'https://login.acme.example',
  client_id: 'murmur',
  has_client_secret: true,
  domains: ['acme.example'],
  level: 'member',
  callback_url: 'https://murmur.test/api/auth/sso/callback',
  updated: '2026-11-25T00:00:00Z',
};

describe('SsoSettings', () => {
  it('shows the callback URL and keeps the stored secret when left empty', async () => {
    const ui = userEvent.setup();
    const put = vi.fn((init: RequestInit | undefined) => ({
      body: { ...saved, ...(jsonBody(init) as object) },
    }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/teams/acme/sso/': { body: saved }, 'PUT /api/teams/acme/sso/': put }),
    );
    renderWithProviders(<SsoSettings teamSlug="acme" />);
    expect(await screen.findByText(saved.callback_url)).toBeTruthy();
    const domains = screen.getByLabelText(/Allowed e-mail domains/);
    await ui.clear(domains);
    await ui.type(domains, 'acme.example, acme.co.jp');
    await ui.click(screen.getByRole('radio', { name: 'Admin' }));
    await ui.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(jsonBody(put.mock.calls[0]![0])).toEqual({
      enabled: true,
      issuer: 'https://login.acme.example',
      client_id: 'murmur',
      domains: ['acme.example', 'acme.co.jp'],
      level: 'admin',
    });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('sends a new secret and shows a refusal', async () => {
    const ui = userEvent.setup();
    const put = vi.fn(() => ({ status: 400, body: { issuer: ['The issuer must use https.'] } }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/teams/acme/sso/': { body: saved }, 'PUT /api/teams/acme/sso/': put }),
    );
    renderWithProviders(<SsoSettings teamSlug="acme" />);
    await ui.type(await screen.findByLabelText(/Client secret/), 'new-secret');
    await ui.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const calls = put.mock.calls as unknown as [RequestInit][];
    expect(jsonBody(calls[0]![0])).toMatchObject({ client_secret: 'new-secret' });
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('says when the settings cannot be loaded', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/teams/acme/sso/': { status: 500, body: { detail: 'boom' } } }),
    );
    renderWithProviders(<SsoSettings teamSlug="acme" />);
    expect(await screen.findByText(/could not be loaded/)).toBeTruthy();
  });
});
