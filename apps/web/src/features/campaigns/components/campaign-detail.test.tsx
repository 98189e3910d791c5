import type { ApiRoutes } from '@murmur/core/api';
import { populationEstimate } from '@murmur/core/sampling';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@murmur/core/format';
import { formatLargeNumber } from '@/lib/large-number';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { CampaignDetail } from './campaign-detail';

type CampaignBody = ApiRoutes['GET /api/campaigns/:pk/']['response'];
type AdsetsBody = ApiRoutes['GET /api/campaigns/:pk/adsets/']['response'];
type StatsBody = ApiRoutes['GET /api/campaigns/:pk/statstotal/']['response'];
type AdsBody = ApiRoutes['GET /api/campaigns/:pk/ads/']['response'];
type ReachBody = ApiRoutes['GET /api/campaigns/:pk/reach/']['response'];
type SegmentationsBody = ApiRoutes['GET /api/campaigns/:pk/segmentations/']['response'];

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

const ads: AdsBody = [
  {
    id: 50,
    adset: 9,
    creative: {
      id: 5,
      team: 7,
      name: 'Fresh beans every week from the roasters of Shimokitazawa',
      text: 'Fresh beans',
      media: null,
      call_to_action: null,
      url: null,
      date: '2026-10-30T00:00:00Z',
    },
    status: 'Active',
    x_tweet_id: '1',
    x_promoted_tweet_id: '2',
    impressions: 98_765,
    spent: 10.25,
  },
];
const figure = populationEstimate(300, { sampleSize: 100_000, rate: 5000 });
const reach: ReachBody = {
  campaign: 4,
  size: figure.value,
  size_bucket: '1M-5M',
  figure,
  adsets: [{ id: 9, name: adsets[0]!.name, size: figure.value, size_bucket: '1M-5M', figure }],
  reached: 40_000,
  frequency: 3,
  reach_synced: '2026-11-02T00:00:00Z',
};
const segment = (key: string, label: string) => [{ key, label, impressions: 120_000 }];
const segmentations: SegmentationsBody = {
  campaign: 4,
  impressions: 120_000,
  country: segment('JP', 'Japan'),
  age: segment('AGE_25_TO_34', '25-34'),
  gender: segment('FEMALE', 'Female'),
  interest: segment('1', 'Coffee'),
};

/** The whole campaign page's answers: delivery, reach, segmentations, one ad set with one ad. */
const wholeCampaign = () =>
  vi.spyOn(window, 'fetch').mockImplementation(
    fakeFetch({
      'GET /api/campaigns/4/': { body: { ...campaign, x_error: 'X refused the ad: too long.' } },
      'GET /api/campaigns/4/statstotal/': { body: { ...stats, synced: '2026-11-02T00:00:00Z' } },
      'GET /api/campaigns/4/adsets/': { body: adsets },
      'GET /api/campaigns/4/ads/': { body: ads },
      'GET /api/campaigns/4/reach/': { body: reach },
      'GET /api/campaigns/4/segmentations/': { body: segmentations },
    }),
  );

/** A screen as narrow as a phone (Mantine's `xs` breakpoint, 36em, matches). */
const phoneScreen = () =>
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: query.includes('max-width: 36em'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));

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

  it.each(['en', 'ja'] as const)(
    'in %s: the whole page (reach, segmentations, an ad) is valid HTML',
    async (lang) => {
      await i18n.changeLanguage(lang);
      const errors = vi.spyOn(console, 'error');
      wholeCampaign();
      renderWithProviders(<CampaignDetail campaignId={4} overviewPath="/acme/campaigns" />, {
        route: '/acme/campaigns/4',
      });
      await screen.findByTestId('ad-row');
      await screen.findByTestId('accounts-reached');
      await screen.findByRole('table', { name: i18n.t('campaigns.segments.country') });
      expect(nestingWarnings(errors.mock.calls)).toEqual([]);
    },
  );

  it.each([
    ['en', 'Ad sets and ads', 'Impressions', 'Pause'],
    ['ja', '広告グループと広告', 'インプレッション', '一時停止'],
  ] as const)(
    'in %s on a phone: ad sets and ads are a list with every figure and Pause in view, no sideways table',
    async (lang, name, impressions, pause) => {
      await i18n.changeLanguage(lang);
      phoneScreen();
      const errors = vi.spyOn(console, 'error');
      wholeCampaign();
      renderWithProviders(<CampaignDetail campaignId={4} overviewPath="/acme/campaigns" />, {
        route: '/acme/campaigns/4',
      });
      const list = await screen.findByRole('list', { name });
      expect(screen.queryByRole('table', { name })).toBeNull();
      expect(list.closest('.mantine-TableScrollContainer')).toBeNull();
      const ad = await within(list).findByTestId('ad-row');
      expect(ad.textContent).toContain(ads[0]!.creative.name);
      expect(within(ad).getByTestId('status').textContent).toBeTruthy();
      expect(within(ad).getByText(impressions)).toBeTruthy();
      expect(ad.textContent).toContain(formatLargeNumber(98_765));
      expect(ad.textContent).toContain(formatMoney(10.25, 'EUR'));
      expect(within(ad).getByRole('button', { name: pause })).toBeTruthy();
      const adset = within(list).getByTestId('adset-row');
      expect(adset.textContent).toContain(adsets[0]!.name);
      expect(adset.textContent).toContain(formatMoney(12.5, 'EUR'));
      expect(nestingWarnings(errors.mock.calls)).toEqual([]);
    },
  );
});
