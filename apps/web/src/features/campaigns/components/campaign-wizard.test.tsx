import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { CampaignWizard } from './campaign-wizard';

/** React's warnings about invalid nesting ("In HTML, <div> cannot be a descendant of <p>"). */
const nestingWarnings = (calls: unknown[][]) =>
  calls.map((call) => call.map(String).join(' ')).filter((text) => /descendant of|child of/.test(text));

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

  it('walks a draft from its campaign step to its review without invalid HTML', async () => {
    const ui = userEvent.setup();
    const errors = vi.spyOn(console, 'error');
    const creative = {
      id: 5,
      team: 7,
      name: 'Beans',
      text: 'Fresh beans',
      media: null,
      call_to_action: null,
      url: null,
      date: '2026-10-30T00:00:00Z',
    };
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teams/acme/accounts/': {
          body: [
            { id: 1, member: 11, account: { account_id: 'acc1', network: 'twitter' }, name: 'Acme Ads' },
          ],
        },
        'GET /api/campaigns/funding/': { body: { ad_account_id: 'acc1', currency: 'USD' } },
        'GET /api/campaigns/41/': {
          body: {
            id: 41,
            team: { id: 7, slug: 'acme', name: 'Acme' },
            name: 'Spring sale',
            objective: 'REACH',
            ad_account_id: 'acc1',
            currency: 'USD',
            budget_type: 'daily',
            lifetime_budget: null,
            daily_budget: 50,
            start: '2026-12-01T00:00:00Z',
            end: null,
            status: 'Draft',
            x_campaign_id: null,
            x_error: null,
            adsets_count: 1,
            ads_count: 1,
            impressions: 0,
            spent: 0,
            created_by: { id: 1, email: 'ana@example.com' },
            date: '2026-10-30T00:00:00Z',
            modified: '2026-10-30T00:00:00Z',
          },
        },
        'PATCH /api/campaigns/41/': { body: { id: 41 } },
        'GET /api/campaigns/41/adsets/': {
          body: [
            {
              id: 9,
              campaign: 41,
              name: 'Coffee fans',
              audience_config: 3,
              audience_name: 'Coffee',
              placements: ['homeTimelines'],
              size_bucket: '1M-5M',
              status: 'Draft',
              x_line_item_id: null,
              targeting: [{ type: 'BROAD_KEYWORD', value: 'coffee' }],
              ads_count: 1,
              impressions: 0,
              spent: 0,
              date: '2026-10-30T00:00:00Z',
            },
          ],
        },
        'GET /api/campaigns/41/ads/': {
          body: [
            {
              id: 50,
              adset: 9,
              creative,
              status: 'Draft',
              x_tweet_id: null,
              x_promoted_tweet_id: null,
              impressions: 0,
              spent: 0,
            },
          ],
        },
        'GET /api/ad-creatives/': { body: [creative] },
        'GET /api/ad-media/': { body: [] },
        'GET /api/audience-configs/': { body: { count: 0, next: null, previous: null, results: [] } },
      }),
    );
    renderWithProviders(
      <CampaignWizard
        teamSlug="acme"
        detailPath={(id) => `/acme/campaigns/${id}`}
        creativesPath="/acme/creatives"
      />,
      { route: '/acme/campaigns/new?draft=41' },
    );
    expect(await screen.findByDisplayValue('Spring sale')).toBeTruthy();
    for (const step of ['Ad set name', 'Creative', 'Publish to X']) {
      const next = screen.getByRole('button', { name: 'Continue' });
      await vi.waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
      await ui.click(next);
      if (step === 'Publish to X') expect(await screen.findByRole('button', { name: step })).toBeTruthy();
      else
        expect(
          (await screen.findAllByRole('textbox', { name: new RegExp(`^${step}`) })).length,
        ).toBeGreaterThan(0);
    }
    expect(nestingWarnings(errors.mock.calls)).toEqual([]);
  });
});
