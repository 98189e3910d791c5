import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { Interests } from './interests';

const interests = [
  { value: '22001', label: 'Sports/Soccer', category: 'Sports', size: 5_000 },
  { value: '9002', label: 'Food and drink/Coffee', category: 'Food and drink', size: 3_000 },
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
  });
});
