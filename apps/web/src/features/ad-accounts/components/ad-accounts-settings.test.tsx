import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeTeam } from '@/test/fixtures';
import { fakeFetch, renderWithProviders, urlOf } from '@/test/render';
import { AdAccountsSettings } from './ad-accounts-settings';

const team = makeTeam({ slug: 'acme', name: 'Acme' });
const accounts = [
  { id: 'acc1', name: 'Acme on X', network: 'twitter' },
  { id: 'acc2', name: 'Empty on X', network: 'twitter' },
];

describe('AdAccountsSettings', { timeout: 20_000 }, () => {
  it('opens an ad account’s ad groups with their campaign and ads, asked only when opened', async () => {
    const ui = userEvent.setup();
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/accounts/': { body: accounts },
        'GET /api/user/accounts/acc1/ad-groups/': {
          body: {
            ad_account_id: 'acc1',
            ad_groups: [
              {
                id: 'li1',
                name: 'Spring line item',
                status: 'PAUSED',
                campaign: { id: 'c1', name: 'Spring launch' },
                ads: [{ id: 'pt1', post_id: '123', status: 'ACTIVE' }],
              },
              {
                id: 'li2',
                name: 'Empty line item',
                status: 'ACTIVE',
                campaign: { id: 'c1', name: 'Spring launch' },
                ads: [],
              },
            ],
          },
        },
        'GET /api/user/accounts/acc2/ad-groups/': { body: { ad_account_id: 'acc2', ad_groups: [] } },
      }),
    );
    renderWithProviders(<AdAccountsSettings team={team} />, { route: '/acme/account' });
    await screen.findByText('Acme on X');
    expect(fetch.mock.calls.some(([url]) => urlOf(url).includes('/ad-groups/'))).toBe(false);

    const show = screen.getByRole('button', { name: 'Show the ad groups and ads of Acme on X' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await ui.click(show);
    const groups = await screen.findByRole('list', { name: 'Ad groups of Acme on X' });
    expect(within(groups).getByText('Spring line item')).toBeTruthy();
    expect(within(groups).getAllByText('Campaign: Spring launch')).toHaveLength(2);
    expect(within(groups).getByText('Paused')).toBeTruthy();
    expect(within(groups).getByText('Ad promoting post 123 · Active')).toBeTruthy();
    expect(within(groups).getByText('No ads in this ad group.')).toBeTruthy();
    expect(
      screen
        .getByRole('button', { name: 'Hide the ad groups and ads of Acme on X' })
        .getAttribute('aria-expanded'),
    ).toBe('true');

    await ui.click(screen.getByRole('button', { name: 'Show the ad groups and ads of Empty on X' }));
    expect(
      await screen.findByText(
        'No ad groups on this ad account yet. Campaigns created in X Ads Manager appear here.',
      ),
    ).toBeTruthy();
  });

  it('shows X’s refusal when the ad groups cannot be read', async () => {
    const ui = userEvent.setup();
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/accounts/': { body: accounts.slice(0, 1) },
        'GET /api/user/accounts/acc1/ad-groups/': {
          status: 400,
          body: { account_id: ['You do not have access to this ad account on X.'] },
        },
      }),
    );
    renderWithProviders(<AdAccountsSettings team={team} />, { route: '/acme/account' });
    await ui.click(await screen.findByRole('button', { name: 'Show the ad groups and ads of Acme on X' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You do not have access to this ad account on X.',
    );
  });
});
