import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { dtStats, dtStatus } from '../dt-fixture';
import { DashboardScreen } from './dashboard';

const status = dtStatus({ premium: false });
const stats = (synced_at: string | null) =>
  dtStats({ synced_at, followers: 1234, following: synced_at ? 56 : 0 });

/** The figure card whose label is `label` (the suite's links below carry the same names). */
const card = async (label: string) =>
  (await screen.findAllByText(label)).find((e) => e.tagName === 'P')!.parentElement!;

const renderWith = (synced_at: string | null) => {
  vi.spyOn(window, 'fetch').mockImplementation(
    fakeFetch({
      'GET /api/external/deepthought/status/': { body: status },
      'GET /api/external/deepthought/stats/': { body: stats(synced_at) },
    }),
  );
  return renderWithProviders(<DashboardScreen />, { route: '/premium-suite' });
};

describe('Deep Thought dashboard', () => {
  afterEach(() => applyLanguage('en'));

  it.each(['en', 'ja'] as const)(
    'before the first sync shows X’s follower count and no row of zeros (%s)',
    async (lang) => {
      await applyLanguage(lang);
      renderWith(null);
      const following = await card(lang === 'en' ? 'Following' : 'フォロー中');
      expect(within(following).getByText('—')).toBeTruthy();
      expect(screen.queryAllByText('0')).toEqual([]);
      expect(within(screen.getByTestId('dt-followers')).queryByText('—')).toBeNull();
    },
  );

  it('after a sync shows the synced counts, following as X’s figure', async () => {
    renderWith('2026-11-26T06:00:00Z');
    const following = await screen.findByTestId('dt-following');
    expect(within(following).getByText('56')).toBeTruthy();
    expect(within(await card('Mutuals')).getByText('0')).toBeTruthy();
  });
});
