import type { TargetingPackage } from '@murmur/core/targeting';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodePackage } from '@/lib/insights-link';
import { INTERESTS } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { AudienceBuilder } from './audience-builder';
import { populationEstimate } from '@murmur/core/sampling';

const interests = INTERESTS;

/** The packages the builder sized (POST /api/build-audience/), latest last. */
function fakeApi() {
  const sized: TargetingPackage[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(
    fakeFetch({
      'GET /api/external/interests/': { body: { interests } },
      'POST /api/build-audience/': (init) => {
        sized.push((jsonBody(init) as { targeting_package: TargetingPackage }).targeting_package);
        return {
          body: {
            population_estimate: 1000,
            size_bucket: 'auto',
            sample_count: 10,
            unmatched: [],
            figure: populationEstimate(10, { sampleSize: 100_000, rate: 100 }),
          },
        };
      },
    }),
  );
  return sized;
}

const chipTexts = () => [...document.querySelectorAll('.mantine-Pill-root')].map((pill) => pill.textContent);

describe('the builder names chosen interests in the interface language', { timeout: 60_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('shows Japanese chips, finds interests by either name, and sends X names', async () => {
    await i18n.changeLanguage('ja');
    const sized = fakeApi();
    const user = userEvent.setup();
    renderWithProviders(<AudienceBuilder renderInsights={() => null} />, {
      route: `/audience-builder?package=${encodePackage({ interests: [{ label: 'Sports/Soccer' }] })}`,
    });
    // An interest arriving in a shared package reads in Japanese once the catalogue is there.
    await waitFor(() => expect(chipTexts()).toEqual(['スポーツ/サッカー']));

    const field = screen.getByRole('textbox', { name: '興味関心' });
    // Found by its X (English) name: the option reads in Japanese with X's name beside it.
    await user.type(field, 'software');
    expect(
      await screen.findByRole('option', {
        name: 'テクノロジー・コンピューター/ソフトウェア (Technology and computing/Software)',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Programming/ })).toBeNull();
    await user.clear(field);
    // Found by its Japanese name and chosen by keyboard.
    await user.type(field, 'プログラミング');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(chipTexts()).toEqual(['スポーツ/サッカー', 'テクノロジー・コンピューター/プログラミング']),
    );
    expect(screen.queryByText('Sports/Soccer')).toBeNull();

    // The package sized (and saved, watched, analysed) keeps X's names.
    await waitFor(
      () =>
        expect(sized.at(-1)?.interests).toEqual([
          { label: 'Sports/Soccer' },
          { label: 'Technology and computing/Programming' },
        ]),
      { timeout: 3000 },
    );

    // Backspace in the empty field removes the last chip.
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(chipTexts()).toEqual(['スポーツ/サッカー']));
  });

  it('keeps X names on English screens', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithProviders(<AudienceBuilder renderInsights={() => null} />, { route: '/audience-builder' });
    const field = screen.getByRole('textbox', { name: 'Interested in' });
    await user.type(field, 'soccer');
    await user.click(await screen.findByRole('option', { name: 'Sports/Soccer' }));
    await waitFor(() => expect(chipTexts()).toEqual(['Sports/Soccer']));
  });
});
