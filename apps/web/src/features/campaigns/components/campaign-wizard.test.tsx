import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { CampaignWizard } from './campaign-wizard';

describe('CampaignWizard', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('creates one draft however often Continue is pressed while it is being saved', async () => {
    const ui = userEvent.setup();
    const created = vi.fn((init: RequestInit | undefined) => ({
      status: 201,
      body: { id: 41, ...(jsonBody(init) as Record<string, unknown>) },
    }));
    const answer = fakeFetch({
      'GET /api/teams/acme/accounts/': {
        body: [{ id: 1, member: 11, account: { account_id: 'acc1', network: 'twitter' }, name: 'Acme Ads' }],
      },
      'GET /api/campaigns/funding/': { body: { ad_account_id: 'acc1', currency: 'USD' } },
      'POST /api/campaigns/': created,
      'PATCH /api/campaigns/41/': { body: { id: 41 } },
      'GET /api/campaigns/41/': { status: 404, body: { detail: 'Not found.' } },
      'GET /api/campaigns/41/adsets/': { body: [] },
      'GET /api/campaigns/41/ads/': { body: [] },
    });
    // The draft's creation answers only once both clicks are in.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await held;
      return answer(input, init);
    });
    renderWithProviders(
      <CampaignWizard
        teamSlug="acme"
        detailPath={(id) => `/acme/campaigns/${id}`}
        creativesPath="/acme/creatives"
      />,
      { route: '/acme/campaigns/new' },
    );
    await ui.type(screen.getByRole('textbox', { name: /^Name/ }), 'Spring sale');
    await ui.click(screen.getByRole('textbox', { name: /^Ad account/ }));
    await ui.click(await screen.findByRole('option', { name: 'Acme Ads (acc1)' }));
    await ui.type(screen.getByRole('textbox', { name: /^Daily budget/ }), '50');
    const next = screen.getByRole('button', { name: 'Continue' });
    await vi.waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
    fireEvent.click(next);
    fireEvent.click(next);
    release();
    await vi.waitFor(() => expect(created).toHaveBeenCalled());
    // On to the ad sets of the one draft.
    expect(await screen.findByRole('textbox', { name: /^Ad set name/ })).toBeTruthy();
    expect(created).toHaveBeenCalledTimes(1);
  });
});
