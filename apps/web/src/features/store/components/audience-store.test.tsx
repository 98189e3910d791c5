import { populationEstimate } from '@murmur/core/sampling';
import { emptyTargetingPackage } from '@murmur/core/targeting';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { local, storageKeys } from '@/lib/storage';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { AudienceStore } from './audience-store';

const storeAudience = {
  id: 3,
  name: 'Gaming · Japan',
  description: 'People in Japan who follow games.',
  name_ja: 'ゲーム · 日本',
  description_ja: '日本でゲームに関心のある X ユーザー。',
  category: { id: 1, name: 'Gaming' },
  region: { id: 2, name: 'Japan' },
  country: 'Japan',
  size: 4_200_000,
  size_bucket: '1M-5M',
  // 840 of a 100 000-account sample at 5 000 each: the size above, with its interval.
  size_figure: populationEstimate(840, { sampleSize: 100_000, rate: 5000 }),
  targeting_package: { ...emptyTargetingPackage(), interests: [{ label: 'Gaming/Console gaming' }] },
};

const routes = (extra = {}) =>
  fakeFetch({
    'GET /api/audiences/': { body: { count: 1, results: [storeAudience] } },
    'GET /api/audience-categories/': { body: [{ id: 1, name: 'Gaming' }] },
    'GET /api/audience-regions/': {
      body: [{ id: 2, name: 'Japan', is_single_country: true, country_codes: ['JP'] }],
    },
    ...extra,
  });

describe('AudienceStore', { timeout: 20_000 }, () => {
  it('asks signed-out visitors to sign in to save, and brings them back', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(routes());
    const user = userEvent.setup();
    renderWithProviders(<AudienceStore signedIn={false} teamSlug={null} />, { route: '/store' });
    expect(await screen.findByText('Gaming · Japan')).toBeTruthy();
    // The card's size says it is Murmur's estimate, with its 95 % interval.
    const size = screen.getByTestId('store-size');
    expect(size.textContent).toBe('4.2M');
    const figure = size.closest('[data-figure-kind]')!;
    expect(figure.getAttribute('data-figure-kind')).toBe('estimate');
    expect(figure.textContent).toContain('Audience (estimate)');
    expect(figure.querySelector('[data-figure-part="interval"]')?.textContent).toBe('3.9M–4.4M');
    expect(screen.queryByRole('button', { name: 'Save to my audiences' })).toBeNull();
    const prompt = screen.getByRole('link', { name: 'Sign in to save this audience' });
    expect(prompt.getAttribute('href')).toBe('/login');
    await user.click(prompt);
    expect(local.get(storageKeys.returnPath)).toBe('/');
  });

  it('saves a store audience to the team with from_audience', async () => {
    const save = vi.fn((init: RequestInit | undefined) => ({
      status: 201,
      body: { id: 9, ...(jsonBody(init) as object) },
    }));
    vi.spyOn(window, 'fetch').mockImplementation(routes({ 'POST /api/audience-configs/': save }));
    const user = userEvent.setup();
    renderWithProviders(<AudienceStore signedIn teamSlug="acme" />, { route: '/acme/store' });
    await user.click(await screen.findByRole('button', { name: 'Save to my audiences' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(jsonBody(save.mock.calls[0]![0])).toEqual({
      from_audience: 3,
      name: 'Gaming · Japan',
      team: 'acme',
    });
    expect(await screen.findByText('Saved to My Audiences')).toBeTruthy();
  });

  it('shows names, descriptions and categories in Japanese on Japanese screens; saves the store name', async () => {
    await i18n.changeLanguage('ja');
    try {
      const save = vi.fn((init: RequestInit | undefined) => ({
        status: 201,
        body: { id: 9, ...(jsonBody(init) as object) },
      }));
      vi.spyOn(window, 'fetch').mockImplementation(routes({ 'POST /api/audience-configs/': save }));
      const user = userEvent.setup();
      renderWithProviders(<AudienceStore signedIn teamSlug="acme" />, { route: '/acme/store' });
      const card = await screen.findByRole('article', { name: 'ゲーム · 日本' });
      expect(card.textContent).toContain('日本でゲームに関心のある X ユーザー。');
      expect(card.textContent).toContain('ゲーム');
      expect(screen.queryByText('Gaming · Japan')).toBeNull();
      expect(screen.queryByText('Gaming')).toBeNull();
      await user.click(screen.getByRole('textbox', { name: 'カテゴリー' }));
      expect(await screen.findByRole('option', { name: 'ゲーム' })).toBeTruthy();
      await user.click(await screen.findByRole('button', { name: 'マイオーディエンスに保存' }));
      await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
      // Stored data keep the store's own name.
      expect(jsonBody(save.mock.calls[0]![0])).toMatchObject({ from_audience: 3, name: 'Gaming · Japan' });
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
