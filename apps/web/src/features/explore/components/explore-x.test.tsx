import { emptyTargetingPackage } from '@murmur/core/targeting';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERESTS } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { ExploreX } from './explore-x';
import { populationEstimate } from '@murmur/core/sampling';

const interests = INTERESTS.slice(0, 2);

/** The bodies POSTed to /api/external/interested-in/. */
function fakeApi() {
  const sent: unknown[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(
    fakeFetch({
      'GET /api/external/interests/': { body: { interests } },
      'POST /api/external/interested-in/': (init) => {
        sent.push(jsonBody(init));
        return {
          body: {
            estimate: {
              sample_count: 12,
              population_estimate: 1200,
              size_bucket: 'auto',
              unmatched: [],
              handles_truncated: false,
              figure: populationEstimate(12, { sampleSize: 100_000, rate: 100 }),
            },
            targeting_package: emptyTargetingPackage(),
            sample_accounts: [],
          },
        };
      },
    }),
  );
  return sent;
}

describe(
  'Explore X: interests suggested in the interface language, sent by X name',
  { timeout: 60_000 },
  () => {
    afterEach(async () => {
      vi.restoreAllMocks();
      await i18n.changeLanguage('en');
    });

    it('suggests Japanese names, found by either name, and sends the X name of what is picked or typed', async () => {
      await i18n.changeLanguage('ja');
      const sent = fakeApi();
      const user = userEvent.setup();
      renderWithProviders(<ExploreX teamSlug="acme" />, { route: '/acme/explore?tab=interested' });
      const field = screen.getByRole('textbox', { name: '興味関心' });
      const submit = screen.getByRole('button', { name: '探す' });

      // Found by its X (English) name, shown in Japanese.
      await user.type(field, 'software');
      await user.click(
        await screen.findByRole('option', { name: 'テクノロジー・コンピューター/ソフトウェア' }),
      );
      expect(field).toHaveProperty('value', 'テクノロジー・コンピューター/ソフトウェア');
      await user.click(submit);
      await waitFor(() => expect(sent).toEqual([{ interest: 'Technology and computing/Software' }]));

      // Found by its Japanese name.
      await user.clear(field);
      await user.type(field, 'サッカー');
      expect(await screen.findByRole('option', { name: 'スポーツ/サッカー' })).toBeTruthy();
      expect(screen.queryByRole('option', { name: /Soccer/ })).toBeNull();
      // A last part typed alone goes as X's last part, which the server reads as the interest.
      await user.click(submit);
      await waitFor(() => expect(sent.at(-1)).toEqual({ interest: 'Soccer' }));

      // Other text goes as typed (the server says whether X knows it).
      await user.clear(field);
      await user.type(field, 'Underwater hockey');
      await user.click(submit);
      await waitFor(() => expect(sent.at(-1)).toEqual({ interest: 'Underwater hockey' }));
    });

    it('suggests and sends X names on English screens', async () => {
      const sent = fakeApi();
      const user = userEvent.setup();
      renderWithProviders(<ExploreX teamSlug="acme" />, { route: '/acme/explore?tab=interested' });
      await user.type(screen.getByRole('textbox', { name: 'Interest' }), 'socc');
      await user.click(await screen.findByRole('option', { name: 'Sports/Soccer' }));
      await user.click(screen.getByRole('button', { name: 'Explore' }));
      await waitFor(() => expect(sent).toEqual([{ interest: 'Sports/Soccer' }]));
    });
  },
);
