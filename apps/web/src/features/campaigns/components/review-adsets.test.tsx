import type { Ad, Adset } from '@murmur/core/api';
import { populationEstimate } from '@murmur/core/sampling';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLargeNumber } from '@/lib/large-number';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { ReviewAdsets } from './review-adsets';

const size = populationEstimate(147, { sampleSize: 100_000, rate: 5_500 });

const adset = (id: number, name: string, audience: number | null): Adset => ({
  id,
  campaign: 41,
  name,
  audience_config: audience,
  audience_name: audience === null ? null : 'Coffee techies Japan',
  placements: ['homeTimelines'],
  size_bucket: 'auto',
  status: 'Draft',
  x_line_item_id: null,
  targeting: [],
  ads_count: 0,
  impressions: 0,
  spent: 0,
  date: '2026-11-01T00:00:00Z',
});

describe('ReviewAdsets', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  for (const lang of ['en', 'ja'] as const) {
    it(`shows each ad set's audience size as the saved audience's estimate, labelled, with its interval (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      vi.spyOn(window, 'fetch').mockImplementation(
        fakeFetch({
          'GET /api/audience-configs/': {
            body: {
              count: 1,
              next: null,
              previous: null,
              results: [{ id: 7, name: 'Coffee techies Japan', size: size.value, size_figure: size }],
            },
          },
        }),
      );
      renderWithProviders(
        <ReviewAdsets
          teamSlug="acme"
          adsets={[adset(1, 'Coffee', 7), adset(2, 'Open', null)]}
          ads={[] as Ad[]}
        />,
      );
      const [coffee, open] = await screen.findAllByTestId('review-adset');
      const figure = await vi.waitFor(() => {
        const found = coffee!.querySelector('[data-figure-kind="estimate"]');
        if (!found) throw new Error('no figure yet');
        return found as HTMLElement;
      });
      expect(within(figure).getByText(i18n.t('figures.estimate'))).toBeTruthy();
      expect(figure.querySelector('[data-figure-part="value"]')?.textContent).toBe(
        formatLargeNumber(size.value),
      );
      expect(figure.querySelector('[data-figure-part="interval"]')?.textContent).toBe(
        i18n.t('figures.range', { low: formatLargeNumber(size.low), high: formatLargeNumber(size.high) }),
      );
      // An ad set without an audience says so and shows no size.
      expect(within(open!).getByText(new RegExp(i18n.t('campaigns.wizard.noAudience')))).toBeTruthy();
      expect(open!.querySelector('[data-figure-kind]')).toBeNull();
    });
  }
});
