import { populationEstimate } from '@murmur/core/sampling';
import { emptyTargetingPackage } from '@murmur/core/targeting';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { Communities } from './communities';

// As the engine names them: from the community's interests and bio words, or by number.
const community = (id: number, name: string, interests: string[], terms: string[]) => ({
  id: `community-${id}`,
  name,
  size: 12_000,
  size_figure: populationEstimate(12, { sampleSize: 25_000, rate: 1000 }),
  top_terms: terms,
  top_interests: interests,
  top_accounts: [],
  growth: 0.1,
  searches: 3,
  targeting_package: emptyTargetingPackage(),
});
const communities = [
  community(1, 'Soccer · Baseball', ['Sports/Soccer', 'Sports/Baseball'], ['matchday']),
  community(2, 'Community 2', [], []),
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
      fakeFetch({ 'GET /api/communities/': { body: { results: communities } } }),
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
});
