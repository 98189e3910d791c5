import type { ApiRoutes } from '@murmur/core/api';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { CampaignDetail } from './campaign-detail';

type CampaignBody = ApiRoutes['GET /api/campaigns/:pk/']['response'];
type AdsetsBody = ApiRoutes['GET /api/campaigns/:pk/adsets/']['response'];
type StatsBody = ApiRoutes['GET /api/campaigns/:pk/statstotal/']['response'];

const campaign: CampaignBody = {
  id: 4,
  team: { id: 7, slug: 'acme', name: 'Acme' },
  name: 'Spring launch',
  objective: 'REACH',
  ad_account_id: '18ce54d4x5t',
  currency: 'EUR',
  budget_type: 'daily',
  lifetime_budget: null,
  daily_budget: 50,
  start: '2026-11-01T00:00:00Z',
  end: null,
  status: 'Active',
  x_campaign_id: null,
  x_error: null,
  adsets_count: 1,
  ads_count: 0,
  impressions: 0,
  spent: 0,
  created_by: { id: 1, email: 'ana@example.com' },
  date: '2026-10-30T00:00:00Z',
  modified: '2026-10-30T00:00:00Z',
};
const adsets: AdsetsBody = [
  {
    id: 9,
    campaign: 4,
    name: 'Tokyo coffee lovers who follow the roasters of Shimokitazawa',
    audience_config: null,
    audience_name: 'Coffee',
    placements: ['homeTimelines', 'profiles'],
    size_bucket: '1M-5M',
    status: 'Active',
    x_line_item_id: null,
    targeting: [],
    ads_count: 0,
    impressions: 120_000,
    spent: 12.5,
    date: '2026-10-30T00:00:00Z',
  },
];
const stats: StatsBody = {
  campaign: 4,
  currency: 'EUR',
  totals: { impressions: 120_000, engagements: 300, clicks: 40, spent: 12.5 },
  days: [{ day: '2026-11-01', impressions: 120_000, engagements: 300, clicks: 40, spent: 12.5 }],
  synced: null,
};

/** React's warnings about invalid nesting ("In HTML, <div> cannot be a descendant of <p>"). */
const nestingWarnings = (calls: unknown[][]) =>
  calls.map((call) => call.map(String).join(' ')).filter((text) => /descendant of|child of/.test(text));

// The campaign page on a phone: nothing may make the page wider than the screen, and its markup is
// valid HTML (React warned of a <div> inside a <p> under the title).
describe('the campaign page', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Ad sets and ads'],
    ['ja', '広告グループと広告'],
  ] as const)('in %s: tables scroll in their cards, and no DOM-nesting warning', async (lang, tableName) => {
    await i18n.changeLanguage(lang);
    const errors = vi.spyOn(console, 'error');
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/campaigns/4/': { body: campaign },
        'GET /api/campaigns/4/statstotal/': { body: stats },
        'GET /api/campaigns/4/adsets/': { body: adsets },
        'GET /api/campaigns/4/ads/': { body: [] },
      }),
    );
    renderWithProviders(<CampaignDetail campaignId={4} overviewPath="/acme/campaigns" />, {
      route: '/acme/campaigns/4',
    });
    const table = await screen.findByRole('table', { name: tableName });
    await screen.findByText(adsets[0]!.name);
    expect(table.parentElement?.className).toContain('mantine-TableScrollContainer');
    // The chart's day-by-day table (hidden until asked for: no accessible name to find it by).
    await screen.findByTestId('delivery-chart');
    const daily = document.querySelector(`table[aria-label="${i18n.t('campaigns.detail.chartTable')}"]`);
    expect(daily?.parentElement?.className).toContain('mantine-TableScrollContainer');
    expect(nestingWarnings(errors.mock.calls)).toEqual([]);
  });
});
