import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeTeam, makeUser } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders, urlOf } from '@/test/render';
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

  it('explains a connected X account without ad accounts and adds one by its id', async () => {
    const ui = userEvent.setup();
    let list: { id: string; name: string }[] = [];
    const created = vi.fn((init: RequestInit | undefined) => {
      const body = jsonBody(init) as { account_id: string; name: string };
      list = [{ id: body.account_id, name: body.name }];
      return { status: 201, body: { id: body.account_id, name: body.name, access: true } };
    });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/me/': { body: makeUser({ social_accounts: [{ id: 1, provider: 'twitter' }] }) },
        'GET /api/user/accounts/': () => ({ body: list }),
        'POST /api/external/create-ad-account/': created,
      }),
    );
    renderWithProviders(<AdAccountsSettings team={team} />);
    expect(await screen.findByText('Your X account has no ad accounts yet')).toBeTruthy();
    expect(screen.queryByText(/Connect your X account/)).toBeNull();
    await ui.type(screen.getByRole('textbox', { name: /Ad account id/ }), '18ce54d4x5t');
    await ui.type(screen.getByRole('textbox', { name: /^Name/ }), 'Tokyo Shop');
    await ui.click(screen.getByRole('button', { name: 'Add ad account' }));
    expect(jsonBody(created.mock.calls[0]![0])).toEqual({ account_id: '18ce54d4x5t', name: 'Tokyo Shop' });
    const listed = await screen.findByTestId('ad-accounts');
    expect(within(listed).getByText('Tokyo Shop')).toBeTruthy();
  });

  it('asks to connect X first when no X account is connected', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/user/me/': { body: makeUser() },
        'GET /api/user/accounts/': { body: [] },
      }),
    );
    renderWithProviders(<AdAccountsSettings team={team} />);
    expect(await screen.findByText(/Connect your X account under Connected accounts/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add ad account' })).toBeNull();
  });
});
