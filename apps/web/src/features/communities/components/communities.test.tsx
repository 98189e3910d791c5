import type { CommunityGrowth, GrowthWindow } from '@murmur/core/api';
import { countFigure, populationEstimate } from '@murmur/core/sampling';
import { emptyTargetingPackage } from '@murmur/core/targeting';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLargeNumber } from '@/lib/large-number';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { Communities } from './communities';

// As the engine names them: from the community's interests and bio words, or by number.
// 1 240 accounts gained over 7 days of the network's time, from 40 000 counted in the index.
const FROM = '2026-11-18T12:00:00.000Z';
const TO = '2026-11-25T12:00:00.000Z';
const grown: CommunityGrowth = {
  from: FROM,
  to: TO,
  before: countFigure(40_000, 'indexed'),
  now: countFigure(41_240, 'indexed'),
  change: 1240,
  relative: 0.031,
  estimate: populationEstimate(1240, { sampleSize: 1_000_000, rate: 10 }),
};
const measured: GrowthWindow = { live: true, from: FROM, to: TO };

const community = (
  id: number,
  name: string,
  interests: string[],
  terms: string[],
  growth: CommunityGrowth | null = null,
) => ({
  id: `community-${id}`,
  name,
  size: 12_000,
  size_figure: populationEstimate(12, { sampleSize: 25_000, rate: 1000 }),
  top_terms: terms,
  top_interests: interests,
  top_accounts: [],
  growth,
  searches: 3,
  targeting_package: emptyTargetingPackage(),
});
const communities = [
  community(1, 'Soccer · Baseball', ['Sports/Soccer', 'Sports/Baseball'], ['matchday'], grown),
  community(2, 'Community 2', [], [], {
    ...grown,
    now: countFigure(40_001, 'indexed'),
    change: 1,
    relative: 0.000025,
    estimate: populationEstimate(1, { sampleSize: 1_000_000, rate: 10 }),
  }),
];

describe('Communities in the interface language', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Soccer · Baseball', 'Community 2', 'Sports/Soccer · Sports/Baseball'],
    ['ja', 'サッカー · 野球', 'コミュニティ2', 'スポーツ/サッカー · スポーツ/野球'],
  ] as const)('names communities and their interests in %s', async (language, first, second, interests) => {
    await i18n.changeLanguage(language);
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/communities/': { body: { results: communities, growth_window: measured } },
      }),
    );
    renderWithProviders(<Communities teamSlug="acme" />, { route: '/acme/communities' });
    const card = await screen.findByRole('article', { name: first });
    expect(card.textContent).toContain(interests);
    // The size says it is Murmur's estimate, with its interval.
    const size = card.querySelector('[data-figure-kind]')!;
    expect(size.getAttribute('data-figure-kind')).toBe('estimate');
    expect(size.querySelector('[data-figure-part="value"]')?.textContent).toBe(
      language === 'en' ? '12K' : '1.2万',
    );
    expect(size.querySelector('[data-figure-part="label"]')?.textContent).toBe(
      language === 'en' ? 'Audience (estimate)' : 'オーディエンス（推定）',
    );
    expect(size.querySelector('[data-figure-part="interval"]')).toBeTruthy();
    expect(screen.getByRole('article', { name: second })).toBeTruthy();
  });

  it.each([
    [
      'en',
      '+3.1% in 7 days',
      ['+', ' members (estimate, 95 % interval '],
      '+1,240 accounts in the index: 40,000 → 41,240 (counted)',
      "Membership growth over 7 days of the network's time, Nov 18, 2026, 12:00 PM to Nov 25, 2026, 12:00 PM (UTC)",
    ],
    [
      'ja',
      '7日間で+3.1%',
      ['メンバー +', '人（推定、95 %区間 '],
      'インデックス内のアカウント +1,240：40,000 → 41,240（実数）',
      'ネットワークの時刻で7日間のメンバー数の増加（2026/11/18 12:00〜2026/11/25 12:00、UTC）',
    ],
  ] as const)(
    'in %s, trending says how much each community grew, each figure named, over a stated window',
    async (language, badge, estimate, indexed, window) => {
      await i18n.changeLanguage(language);
      vi.spyOn(globalThis.window, 'fetch').mockImplementation(
        fakeFetch({ 'GET /api/communities/': { body: { results: communities, growth_window: measured } } }),
      );
      renderWithProviders(<Communities teamSlug="acme" />, { route: '/acme/communities' });
      const card = await screen.findByRole('article', {
        name: language === 'en' ? 'Soccer · Baseball' : 'サッカー · 野球',
      });
      expect(within(card).getByText(badge)).toBeTruthy();
      const growth = within(card).getByTestId('community-growth');
      const range = `${formatLargeNumber(grown.estimate!.low)}${language === 'en' ? '–' : '〜'}${formatLargeNumber(grown.estimate!.high)}`;
      // Figures in the interface language's notation (12K, 1.2万), read once the language is set.
      const value = formatLargeNumber(grown.estimate!.value);
      expect(growth.textContent).toContain(`${estimate[0]}${value}${estimate[1]}${range}`);
      expect(growth.textContent).toContain(indexed);
      expect(screen.getByTestId('growth-window').textContent).toContain(window);
      if (language === 'en') {
        // One account gained is one account, not "1 accounts".
        const single = screen.getByRole('article', { name: 'Community 2' });
        expect(within(single).getByTestId('community-growth').textContent).toContain(
          '+1 account in the index: 40,000 → 40,001 (counted)',
        );
      }
    },
  );

  it.each([
    ['en', false, 'This index is a static snapshot that does not follow X'],
    ['ja', false, 'このインデックスはXに追従しない静的なスナップショット'],
    ['en', true, 'The index follows X but holds no earlier membership count yet.'],
    ['ja', true, 'インデックスはXに追従していますが、比較できる過去のメンバー数がまだありません。'],
  ] as const)(
    'in %s (live: %s), without an earlier count, trending says so and lists none',
    async (language, live, text) => {
      await i18n.changeLanguage(language);
      vi.spyOn(globalThis.window, 'fetch').mockImplementation(
        fakeFetch({
          'GET /api/communities/': { body: { results: [], growth_window: { live, from: null, to: TO } } },
        }),
      );
      renderWithProviders(<Communities teamSlug="acme" />, { route: '/acme/communities' });
      expect((await screen.findByTestId('growth-window')).textContent).toContain(text);
      expect(screen.queryAllByRole('article')).toHaveLength(0);
    },
  );
});
