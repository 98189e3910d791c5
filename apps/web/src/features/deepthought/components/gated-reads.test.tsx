import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
import { fakeFetch, renderWithProviders, urlOf } from '@/test/render';
import { dtAccount, dtStats, dtStatus } from '../dt-fixture';
import { DashboardScreen } from './dashboard';
import { EngagersScreen } from './engagers-screen';

const status = (premium: boolean, connected = true) =>
  dtStatus({ premium, account: connected ? dtAccount : null });
const stats = dtStats({ followers: 10 });

/** The Deep Thought paths the screen asked for (status, stats, and whatever else). */
const asked = (fetch: { mock: { calls: [RequestInfo | URL, RequestInit?][] } }): string[] =>
  fetch.mock.calls.map(([input]) => new URL(urlOf(input), 'http://localhost').pathname);

/** The status answered after the counts, as on a slow link: nothing gated may go out meanwhile. */
const statusLast =
  (base: ReturnType<typeof fakeFetch>): typeof base =>
  (input, init) =>
    urlOf(input).includes('/status/')
      ? new Promise((resolve) => setTimeout(resolve, 100)).then(() => base(input, init))
      : base(input, init);

const TITLE = { en: 'Premium needed', ja: 'プレミアムが必要です' } as const;
const CONNECT = { en: 'Connect your X account', ja: 'Xアカウントを連携してください' } as const;

describe('Deep Thought reads nothing the status says the user cannot have', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await applyLanguage('en');
  });

  it.each(['en', 'ja'] as const)(
    'a gated page without premium shows the premium notice and never asks for its data (%s)',
    async (lang) => {
      await applyLanguage(lang);
      const fetch = vi
        .spyOn(window, 'fetch')
        .mockImplementation(fakeFetch({ 'GET /api/external/deepthought/status/': { body: status(false) } }));
      renderWithProviders(<EngagersScreen />, { route: '/engagers' });
      expect(await screen.findByText(TITLE[lang])).toBeTruthy();
      await new Promise((r) => setTimeout(r, 50));
      expect(asked(fetch)).toEqual(['/api/external/deepthought/status/']);
    },
  );

  it.each(['en', 'ja'] as const)(
    'the dashboard without premium reads the counts but not best time or payout (%s)',
    async (lang) => {
      await applyLanguage(lang);
      const fetch = vi.spyOn(window, 'fetch').mockImplementation(
        statusLast(
          fakeFetch({
            'GET /api/external/deepthought/status/': { body: status(false) },
            'GET /api/external/deepthought/stats/': { body: stats },
          }),
        ),
      );
      renderWithProviders(<DashboardScreen />, { route: '/premium-suite' });
      expect(await screen.findByText(TITLE[lang])).toBeTruthy();
      await new Promise((r) => setTimeout(r, 50));
      expect(new Set(asked(fetch))).toEqual(
        new Set(['/api/external/deepthought/status/', '/api/external/deepthought/stats/']),
      );
    },
  );

  it.each(['en', 'ja'] as const)(
    'with premium but no connected account the pages say to connect and ask nothing more (%s)',
    async (lang) => {
      await applyLanguage(lang);
      const fetch = vi
        .spyOn(window, 'fetch')
        .mockImplementation(
          fakeFetch({ 'GET /api/external/deepthought/status/': { body: status(true, false) } }),
        );
      renderWithProviders(<DashboardScreen />, { route: '/premium-suite' });
      expect(await screen.findByText(CONNECT[lang])).toBeTruthy();
      await new Promise((r) => setTimeout(r, 50));
      expect(asked(fetch)).toEqual(['/api/external/deepthought/status/']);
    },
  );

  it('with premium the gated page reads its data', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/external/deepthought/status/': { body: status(true) },
        'GET /api/external/deepthought/engagers/': {
          body: { synced_at: null, posts_checked: 0, mentions_checked: 0, results: [] },
        },
      }),
    );
    renderWithProviders(<EngagersScreen />, { route: '/engagers' });
    await vi.waitFor(() => expect(asked(fetch)).toContain('/api/external/deepthought/engagers/'));
    expect(screen.queryByText(TITLE.en)).toBeNull();
  });
});
