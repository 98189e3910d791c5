import type { Xstats as XstatsData } from '@murmur/core/api';
import { formatLargeNumber } from '@murmur/core/format';
import { populationEstimate } from '@murmur/core/sampling';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { Xstats } from './xstats';

// The whole sandbox: 100 000 sampled accounts at 5 500 each; 9 400 posts by them last week.
const accounts = populationEstimate(100_000, { sampleSize: 100_000, rate: 5500 });
// Japan: 21 818 of them.
const japan = populationEstimate(21_818, { sampleSize: 100_000, rate: 5500 });
const stats: XstatsData = {
  country: null,
  accounts: accounts.value,
  accounts_figure: accounts,
  share_of_network: 1,
  verified_share: 0.01,
  median_followers: 120,
  languages: [],
  gender: [],
  age_bands: [],
  top_interests: [{ key: 'Sports/Soccer', label: 'Sports/Soccer', share: 0.2, affinity: 1.5 }],
  growth: { latest_week_posts: 9400, previous_week_posts: 9000, change: 9400 / 9000 - 1 },
  countries: [{ code: 'JP', accounts: japan.value, accounts_figure: japan }],
};
const japanRange = (dash: string, lang: 'en' | 'ja') =>
  `${formatLargeNumber(japan.value, lang)}, ${formatLargeNumber(japan.low, lang)}${dash}${formatLargeNumber(japan.high, lang)}`;

// "9.4K posts last week for 550M accounts": the accounts are Murmur's estimate with its interval,
// the posts are counts in the sample, and each says so.
describe('X statistics name their figures', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it.each([
    [
      'en',
      'Accounts (estimate)',
      '–',
      /posts by the sampled accounts last week.*counts in the sample/,
      (dash: string) => `Japan · ${japanRange(dash, 'en').replace(', ', ' (estimate, ')})`,
      'Sports/Soccer',
    ],
    [
      'ja',
      'アカウント数（推定）',
      '〜',
      /サンプル内のアカウントの投稿.*サンプル内の件数/,
      (dash: string) => `日本 · ${japanRange(dash, 'ja').replace(', ', '（推定、')}）`,
      'スポーツ/サッカー',
    ],
  ] as const)('in %s', async (lang, label, dash, posts, country, interest) => {
    await i18n.changeLanguage(lang);
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ 'GET /api/external/xstats/': { body: stats } }));
    renderWithProviders(<Xstats country={undefined} />, { route: '/xstats' });
    const card = await screen.findByTestId('xstats-accounts');
    expect(card.textContent).toContain(label);
    const part = (p: string) => card.querySelector(`[data-figure-part="${p}"]`)?.textContent;
    expect(part('value')).toBe(formatLargeNumber(accounts.value, lang));
    expect(part('interval')).toBe(
      `${formatLargeNumber(accounts.low, lang)}${dash}${formatLargeNumber(accounts.high, lang)}`,
    );
    // The network's interests in the interface language (the catalogue names them in English).
    expect(screen.getByText(interest)).toBeTruthy();
    expect(screen.getByText(posts)).toBeTruthy();
    // Each country's accounts: the estimate with its interval, as the headline's.
    expect(screen.getByRole('button', { name: country(dash) })).toBeTruthy();
  });
});
