import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTeam } from '@/test/fixtures';
import { fakeFetch, renderWithProviders, urlOf, type FakeRoute } from '@/test/render';
import { AdAccountsSettings } from './ad-accounts-settings';

const team = makeTeam({ slug: 'acme', name: 'Acme' });
const accounts = [
  { id: 'acc1', name: 'Acme on X', network: 'twitter' },
  { id: 'acc9', name: 'Not granted on X', network: 'twitter' },
];
const grants = [{ id: 1, member: 3, account: { account_id: 'acc1', network: 'twitter' } }];

const webEvent = (id: string, name: string, type: string, status: string) => ({
  id,
  name,
  type,
  status,
  click_window: 30,
  view_through_window: 1,
  retargeting_enabled: status === 'ACTIVE',
  created_at: '2026-10-01T00:00:00Z',
});

const routes = (measurement: Record<string, FakeRoute>): Record<string, FakeRoute> => ({
  'GET /api/user/accounts/': { body: accounts },
  'GET /api/teams/acme/accounts/': { body: grants },
  ...measurement,
});

const full = {
  'GET /api/has-pixel/': { body: { account_id: 'acc1', has_pixel: true, events: 2, active_events: 1 } },
  'GET /api/web-events/': {
    body: {
      account_id: 'acc1',
      results: [
        webEvent('o1', 'Acme on X — Site Visit', 'SITE_VISIT', 'ACTIVE'),
        webEvent('o2', 'Acme on X — Purchase', 'PURCHASE', 'INACTIVE'),
      ],
    },
  },
  'GET /api/app-events/': {
    body: {
      account_id: 'acc1',
      results: [
        {
          id: 'a1',
          app_store_identifier: 'com.acme.app',
          os_type: 'ANDROID',
          conversion_type: 'INSTALL',
          deep_link_scheme: 'acme://',
          post_view_attribution_window: 1,
          post_engagement_attribution_window: 14,
          retargeting_enabled: false,
        },
      ],
    },
  },
  'GET /api/account-apps/': {
    body: { account_id: 'acc1', results: [{ id: 'p1', app_store_identifier: '333444555', os_type: 'IOS' }] },
  },
};

const openMeasurement = async (account: string) => {
  const ui = userEvent.setup();
  const show = await screen.findByRole('button', { name: `Show the measurement of ${account}` });
  expect(show.getAttribute('aria-expanded')).toBe('false');
  // Keyboard: the toggle is a button in the Tab order, opened with Enter.
  show.focus();
  await ui.keyboard('{Enter}');
  expect(
    screen.getByRole('button', { name: `Hide the measurement of ${account}` }).getAttribute('aria-expanded'),
  ).toBe('true');
  return screen.getByRole('region', { name: `Measurement of ${account}` });
};

describe('an ad account’s measurement in Profile settings', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('shows the pixel, web events, app events and apps read through the team’s grant, asked only when opened', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(fakeFetch(routes(full)));
    renderWithProviders(<AdAccountsSettings team={team} />, { route: '/acme/account' });
    await screen.findByText('Acme on X');
    expect(fetch.mock.calls.some(([url]) => urlOf(url).includes('/api/has-pixel/'))).toBe(false);

    const region = await openMeasurement('Acme on X');
    expect(await within(region).findByText('X pixel installed')).toBeTruthy();
    expect(within(region).getByText('1 of 2 conversion events active')).toBeTruthy();
    const web = within(region).getByRole('list', { name: 'Web events of Acme on X' });
    expect(within(web).getByText('Acme on X — Site Visit')).toBeTruthy();
    expect(
      within(web).getByText('Site visit · Attribution: 30-day click, 1-day view · Retargeting on'),
    ).toBeTruthy();
    expect(within(web).getByText('Inactive')).toBeTruthy();
    const appEvents = within(region).getByRole('list', { name: 'App events of Acme on X' });
    expect(appEvents.textContent).toContain('Install · Android com.acme.app');
    expect(appEvents.textContent).toContain('Attribution: 14-day click, 1-day view · Deep link acme://');
    const apps = within(region).getByRole('list', { name: 'Apps of Acme on X' });
    expect(apps.textContent).toBe('iOS 333444555');

    // Each endpoint is asked for this team and this ad account.
    const hasPixel = fetch.mock.calls.map(([url]) => urlOf(url)).find((u) => u.includes('/api/has-pixel/'));
    expect(new URL(hasPixel!, 'http://localhost').searchParams.toString()).toBe('team=acme&account_id=acc1');
  });

  it('says when X lists nothing: no pixel, no events, no apps', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch(
        routes({
          'GET /api/has-pixel/': {
            body: { account_id: 'acc1', has_pixel: false, events: 0, active_events: 0 },
          },
          'GET /api/web-events/': { body: { account_id: 'acc1', results: [] } },
          'GET /api/app-events/': { body: { account_id: 'acc1', results: [] } },
          'GET /api/account-apps/': { body: { account_id: 'acc1', results: [] } },
        }),
      ),
    );
    renderWithProviders(<AdAccountsSettings team={team} />, { route: '/acme/account' });
    const region = await openMeasurement('Acme on X');
    expect(await within(region).findByText('No X pixel')).toBeTruthy();
    expect(within(region).getByText(/has no website tag/)).toBeTruthy();
    expect(
      await within(region).findByText('No web events (conversion tags) on this ad account.'),
    ).toBeTruthy();
    expect(within(region).getByText('No app events on this ad account.')).toBeTruthy();
    expect(within(region).getByText('No apps on this ad account.')).toBeTruthy();
  });

  it('an account not granted to the team says how to grant it, without asking X', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(fakeFetch(routes(full)));
    renderWithProviders(<AdAccountsSettings team={team} />, { route: '/acme/account' });
    const region = await openMeasurement('Not granted on X');
    expect(await within(region).findByText(/This ad account is not granted to Acme/)).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'Open Team settings' }).getAttribute('href')).toBe(
      '/acme/team#granted-access',
    );
    expect(fetch.mock.calls.some(([url]) => urlOf(url).includes('/api/has-pixel/'))).toBe(false);
  });

  it('shows the failure once when X cannot be read', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch(
        routes({
          ...Object.fromEntries(
            Object.keys(full).map((key) => [key, { status: 503, body: { detail: 'X is not answering.' } }]),
          ),
        }),
      ),
    );
    renderWithProviders(<AdAccountsSettings team={team} />, { route: '/acme/account' });
    const region = await openMeasurement('Acme on X');
    expect((await within(region).findByRole('alert')).textContent).toBe('X is not answering.');
    expect(within(region).getAllByRole('alert')).toHaveLength(1);
  });

  it('speaks Japanese', async () => {
    await i18n.changeLanguage('ja');
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch(routes(full)));
    renderWithProviders(<AdAccountsSettings team={team} />, { route: '/acme/account' });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Acme on X の計測を表示' }));
    const region = screen.getByRole('region', { name: 'Acme on X の計測' });
    expect(await within(region).findByText('X ピクセル設置済み')).toBeTruthy();
    expect(within(region).getByText('コンバージョンイベント 2 件中 1 件が有効')).toBeTruthy();
    expect(within(region).getByRole('list', { name: 'Acme on X のウェブイベント' }).textContent).toContain(
      'サイト訪問 · アトリビューション: クリック後 30 日・表示後 1 日',
    );
  });
});
