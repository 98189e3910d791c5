import type { AgencyOverview, AgencyTeam } from '@murmur/core/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { AgencyPage } from './agency-page';

const team = (over: Partial<AgencyTeam>): AgencyTeam => ({
  id: 1,
  name: 'Acme',
  slug: 'acme',
  logo: null,
  level: 'admin',
  ad_accounts: [{ account_id: '18ce54d4x5t', name: 'Acme on X' }],
  audiences: {
    active_count: 4,
    top: [
      {
        id: 11,
        name: 'Tokyo runners',
        size_figure: {
          kind: 'estimate',
          value: 820_000,
          low: 700_000,
          high: 950_000,
          sample: 41,
          sample_size: 3000,
          rate: 20_000,
        },
      },
    ],
  },
  uploads: {
    total: 1,
    latest: [
      {
        id: 5,
        name: 'Tokyo runners',
        account_id: '18ce54d4x5t',
        account_name: 'Acme on X',
        state: 'processing',
        x_audience_size: 0,
        created: '2026-11-20T00:00:00Z',
      },
    ],
  },
  campaigns: {
    total: 1,
    latest: [
      {
        id: 9,
        name: 'Spring launch',
        ad_account_id: '18ce54d4x5t',
        status: 'Active',
        currency: 'USD',
        delivery: { impressions: 12_400, engagements: 80, clicks: 30, spent: 12.34 },
        synced: '2026-11-24T00:00:00Z',
      },
    ],
  },
  ...over,
});

const render = (answer: { status?: number; body?: unknown }) => {
  vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ 'GET /api/agency/': answer }));
  return renderWithProviders(<AgencyPage />, { route: '/acme/agency' });
};

describe('AgencyPage', () => {
  it('shows one card per team, every figure labelled by what it is', async () => {
    const body: AgencyOverview = {
      teams: [
        team({}),
        team({
          id: 2,
          name: 'Blue Fin',
          slug: 'blue-fin',
          level: 'member',
          ad_accounts: [],
          audiences: { active_count: 0, top: [] },
          uploads: { total: 0, latest: [] },
          campaigns: { total: 0, latest: [] },
        }),
      ],
    };
    render({ body });
    const acme = await screen.findByTestId('agency-team-acme');
    const card = within(acme);
    expect(card.getByText('Acme on X (18ce54d4x5t)')).toBeTruthy();
    expect(card.getByText('4 active (count)')).toBeTruthy();
    // The size as My Audiences shows it: the estimate, labelled, with its interval.
    expect(acme.querySelector('[data-figure-kind="estimate"]')).not.toBeNull();
    expect(card.getByText('Audience (estimate)')).toBeTruthy();
    expect(card.getByText('Processing')).toBeTruthy();
    expect(card.getByText('Impressions (X): 12K')).toBeTruthy();
    expect(card.getByText('Spent (X): $12.34')).toBeTruthy();
    // Only an admin sets the team's report.
    expect(card.getByRole('button', { name: 'Scheduled report' })).toBeTruthy();
    const fin = within(screen.getByTestId('agency-team-blue-fin'));
    expect(fin.queryByRole('button', { name: 'Scheduled report' })).toBeNull();
    expect(fin.getByText('No active audience.')).toBeTruthy();
    expect(fin.getByText('No campaign yet.')).toBeTruthy();
  });

  it('says so when the user is in no team', async () => {
    render({ body: { teams: [] } });
    expect(await screen.findByText(/not in any team yet/)).toBeTruthy();
  });

  it('shows the error with a retry that asks again', async () => {
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockImplementation(
        fakeFetch({ 'GET /api/agency/': { status: 500, body: { detail: 'Server down.' } } }),
      );
    renderWithProviders(<AgencyPage />, { route: '/acme/agency' });
    expect((await screen.findByRole('alert')).textContent).toContain('Server down.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
