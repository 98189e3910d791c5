import type { Monitor } from '@murmur/core/api';
import { formatLargeNumber } from '@/lib/large-number';
import { populationEstimate } from '@murmur/core/sampling';
import { emptyTargetingPackage } from '@murmur/core/targeting';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { personalStore } from '@/lib/personal-store';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { WatchPanel } from './watch-panel';

// 240 of 100 000 sampled accounts at 5 000 each.
const figure = populationEstimate(240, { sampleSize: 100_000, rate: 5000 });
const monitor = (
  id: number,
  name: string,
  lastFigure: Monitor['last_figure'],
  size: number | null,
): Monitor => ({
  id,
  name,
  targeting_package: { ...emptyTargetingPackage(), keywords: [{ label: 'coffee' }] },
  last_size: size,
  last_figure: lastFigure,
  previous_size: null,
  last_run: null,
  created: '2026-11-22T10:00:00Z',
});

const rows = () => screen.findAllByTestId('monitor');

describe("the pro builder's watch panel names each monitor's size", { timeout: 20_000 }, () => {
  afterEach(async () => {
    personalStore.clear();
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Audience (estimate)', '–', 'Not measured yet'],
    ['ja', 'オーディエンス（推定）', '〜', '未計測'],
  ] as const)('in %s: the estimate with its label and interval', async (language, label, dash, notYet) => {
    await i18n.changeLanguage(language);
    personalStore.set({ token: 'pro.key' });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/external/monitors/': {
          body: { results: [monitor(1, 'Coffee', figure, figure.value), monitor(2, 'New', null, null)] },
        },
      }),
    );
    renderWithProviders(<WatchPanel pkg={{ ...emptyTargetingPackage(), keywords: [{ label: 'coffee' }] }} />);
    const [measured, fresh] = await rows();
    const part = (name: string) => measured!.querySelector(`[data-figure-part="${name}"]`)?.textContent;
    expect(measured!.querySelector('[data-figure-kind]')?.getAttribute('data-figure-kind')).toBe('estimate');
    expect(part('label')).toBe(label);
    expect(part('value')).toBe(formatLargeNumber(figure.value));
    expect(part('interval')).toBe(`${formatLargeNumber(figure.low)}${dash}${formatLargeNumber(figure.high)}`);
    // Not measured yet: no bare zero.
    expect(within(fresh!).getByText(notYet)).toBeTruthy();
    expect(within(fresh!).queryByText('0')).toBeNull();
  });

  it.each([
    ['en', '1.2M (estimate; its 95 % interval is not known until the engine has loaded)'],
    ['ja', '120万（推定。95 %区間はエンジンの読み込み後にわかります）'],
  ] as const)(
    'in %s, while the engine loads: an estimate whose interval is not known yet',
    async (language, text) => {
      await i18n.changeLanguage(language);
      personalStore.set({ token: 'pro.key' });
      vi.spyOn(window, 'fetch').mockImplementation(
        fakeFetch({
          'GET /api/external/monitors/': { body: { results: [monitor(1, 'Coffee', null, 1_200_000)] } },
        }),
      );
      renderWithProviders(<WatchPanel pkg={emptyTargetingPackage()} />);
      const [row] = await rows();
      // A population estimate always carries its interval or says it is not known yet.
      expect(within(row!).getByText(text)).toBeTruthy();
    },
  );
});
