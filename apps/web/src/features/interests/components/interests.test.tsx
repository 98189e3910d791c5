import { populationEstimate } from '@murmur/core/sampling';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { Interests } from './interests';

const interests = [
  {
    value: '22001',
    label: 'Sports/Soccer',
    category: 'Sports',
    size: 5_000,
    size_figure: populationEstimate(50, { sampleSize: 100_000, rate: 100 }),
  },
  {
    value: '9002',
    label: 'Food and drink/Coffee',
    category: 'Food and drink',
    size: 3_000,
    size_figure: populationEstimate(30, { sampleSize: 100_000, rate: 100 }),
  },
];

describe('Interests in the interface language', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('names interests and categories in Japanese, found by either name', async () => {
    await i18n.changeLanguage('ja');
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/external/interests/': { body: { interests } } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<Interests teamSlug="acme" />, { route: '/acme/interests' });
    expect(await screen.findByText('サッカー')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'スポーツ' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'フード・ドリンク' })).toBeTruthy();
    expect(screen.queryByText('Soccer')).toBeNull();
    const search = screen.getByRole('searchbox');
    await user.type(search, 'コーヒー');
    expect(await screen.findByText('コーヒー')).toBeTruthy();
    expect(screen.queryByText('サッカー')).toBeNull();
    await user.clear(search);
    await user.type(search, 'soccer');
    expect(await screen.findByText('サッカー')).toBeTruthy();
  });

  it('keeps English on English screens', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/external/interests/': { body: { interests } } }),
    );
    renderWithProviders(<Interests teamSlug="acme" />, { route: '/acme/interests' });
    expect(await screen.findByText('Soccer')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Food and drink' })).toBeTruthy();
    // Each size is Murmur's estimate: the header says so, the cell carries its interval.
    expect(screen.getByRole('columnheader', { name: /People \(estimate\)/ })).toBeTruthy();
    const soccer = screen.getByText('Soccer').closest('tr')!;
    const size = soccer.querySelector('[data-figure-kind]')!;
    expect(size.getAttribute('data-figure-kind')).toBe('estimate');
    expect(size.querySelector('[data-figure-part="value"]')?.textContent).toBe('5.0K');
    expect(size.querySelector('[data-figure-part="interval"]')).toBeTruthy();
  });
});
