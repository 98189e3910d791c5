import type { AudienceConfig } from '@murmur/core/api';
import { formatLargeNumber } from '@/lib/large-number';
import { countFigure, populationEstimate } from '@murmur/core/sampling';
import { emptyTargetingPackage } from '@murmur/core/targeting';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { personalStore } from '@/lib/personal-store';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { ListDetail } from './list-detail';

const list = {
  id: 3,
  name: 'Coffee followers',
  kind: 'targeting_list',
  size: 1_200_000,
  core_audience: 900_000,
  pro_targeting_size: 800_000,
  size_figure: populationEstimate(240, { sampleSize: 100_000, rate: 5000 }),
  core_figure: populationEstimate(180, { sampleSize: 100_000, rate: 5000 }),
  pro_targeting_figure: populationEstimate(160, { sampleSize: 100_000, rate: 5000 }),
  upload_figure: countFigure(240, 'upload'),
  modified: '2026-11-22T10:00:00Z',
  is_super_insights: false,
  targeting_package: {
    ...emptyTargetingPackage(),
    handles: [{ handle: 'cafe' }],
    network_operators: [{ label: 'Docomo' }],
    locations: [{ label: 'Tokyo' }],
  },
} as unknown as AudienceConfig;

describe('ListDetail criteria', () => {
  afterEach(async () => {
    personalStore.clear();
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', ['Handles', 'Network operators', 'Regions']],
    ['ja', ['ハンドル', '通信キャリア', '地域']],
  ] as const)('names each criterion in %s, not by its field name', async (language, names) => {
    await i18n.changeLanguage(language);
    personalStore.set({ token: 'pro.key' });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/audience-configs/3/': { body: list } }),
    );
    renderWithProviders(<ListDetail id={3} />, { route: '/targeting-lists/3' });
    expect(await screen.findByText('@cafe')).toBeTruthy();
    for (const name of names) expect(screen.getByText(name)).toBeTruthy();
    expect(screen.queryByText('network operators')).toBeNull();
    expect(screen.queryByText('handles')).toBeNull();
  });

  it.each([
    ['en', 'Core audience (estimate)', 'Pro targeting size (estimate)', '–'],
    ['ja', 'コアオーディエンス（推定）', 'プロターゲティング規模（推定）', '〜'],
  ] as const)(
    'in %s names the core and pro-targeting sizes as estimates, with their intervals',
    async (language, core, pro, dash) => {
      await i18n.changeLanguage(language);
      personalStore.set({ token: 'pro.key' });
      vi.spyOn(window, 'fetch').mockImplementation(
        fakeFetch({ 'GET /api/audience-configs/3/': { body: list } }),
      );
      renderWithProviders(<ListDetail id={3} />, { route: '/targeting-lists/3' });
      for (const [name, figure] of [
        [core, list.core_figure],
        [pro, list.pro_targeting_figure],
      ] as const) {
        const card = (await screen.findByText(name)).parentElement!;
        const part = (p: string) => card.querySelector(`[data-figure-part="${p}"]`)?.textContent;
        expect(card.querySelector('[data-figure-kind]')?.getAttribute('data-figure-kind')).toBe('estimate');
        expect(part('value')).toBe(formatLargeNumber(figure.value));
        expect(part('interval')).toBe(
          `${formatLargeNumber(figure.low)}${dash}${formatLargeNumber(figure.high)}`,
        );
      }
    },
  );
});
