import type { Reach } from '@murmur/core/api';
import { formatLargeNumber } from '@/lib/large-number';
import { populationEstimate } from '@murmur/core/sampling';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { CampaignReach } from './campaign-reach';

const sampling = { sampleSize: 100_000, rate: 5000 };
const whole = populationEstimate(300, sampling);
const adset = populationEstimate(120, sampling);
const reach: Reach = {
  campaign: 4,
  size: whole.value,
  size_bucket: '1M-5M',
  figure: whole,
  adsets: [{ id: 9, name: 'Tokyo coffee', size: adset.value, size_bucket: '<1M', figure: adset }],
  reached: 0,
  frequency: 0,
  reach_synced: null,
};
const range = (f: typeof whole, dash: string) =>
  `${formatLargeNumber(f.low)}${dash}${formatLargeNumber(f.high)}`;

// The campaign's estimated audience and each ad set's carry their 95 % interval; the accounts
// reached are X's figure and say so.
describe("a campaign's reach names its figures", { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', '–', "Accounts reached (X's figure)", 'Audience (estimate)'],
    ['ja', '〜', 'リーチしたアカウント（Xの数値）', 'オーディエンス（推定）'],
  ] as const)('in %s', async (lang, dash, reachedTitle, estimateLabel) => {
    await i18n.changeLanguage(lang);
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/campaigns/4/reach/': { body: reach } }),
    );
    renderWithProviders(<CampaignReach campaignId={4} />);
    const audience = await screen.findByTestId('estimated-audience');
    const intervals = [...audience.querySelectorAll('[data-figure-part="interval"]')].map(
      (e) => e.textContent,
    );
    expect(intervals).toEqual([range(whole, dash), range(adset, dash)]);
    const row = screen.getByTestId('adset-reach');
    expect(within(row).getByText(range(adset, dash))).toBeTruthy();
    expect(row.textContent).toContain(formatLargeNumber(adset.value));
    // The ad set's audience carries the label every screen gives an estimate.
    expect(within(row).getByText(estimateLabel)).toBeTruthy();
    expect(within(screen.getByTestId('accounts-reached')).getByText(reachedTitle)).toBeTruthy();
  });
});
