import type { CompetitorAnalysisResult } from '@murmur/core/api';
import { formatLargeNumber } from '@/lib/large-number';
import { populationEstimate } from '@murmur/core/sampling';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { CompetitorAnalysis } from './competitor-analysis';

const sampling = { sampleSize: 100_000, rate: 5_000 };
const account = (handle: string) => ({
  id: handle,
  handle,
  name: handle,
  bio: '',
  followers_count: 2_000,
  following_count: 10,
  verified: false,
  country: 'JP',
  language: 'ja',
});
const competitor = (handle: string, followers: number, other: string, shared: number) => {
  const figure = populationEstimate(followers, sampling);
  const sharedFigure = populationEstimate(shared, sampling);
  return {
    handle,
    account: account(handle),
    followers: {
      sample_count: followers,
      population_estimate: figure.value,
      size_bucket: '<1M',
      unmatched: [],
      handles_truncated: false,
      figure,
    },
    demographics: {},
    top_interests: [],
    overlap: { [other]: sharedFigure.value },
    overlap_figures: { [other]: sharedFigure },
  } as CompetitorAnalysisResult['competitors'][number];
};

const result: CompetitorAnalysisResult = {
  competitors: [competitor('zephyr', 40, 'nectar', 12), competitor('nectar', 30, 'zephyr', 12)],
};
const shared = populationEstimate(12, sampling);

describe('competitor analysis', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  const analyse = async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'POST /api/external/competitor-analysis/': {
          body: { job: { id: 'job-1', kind: 'competitor-analysis', state: 'done', progress: 100, result } },
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<CompetitorAnalysis />, { route: '/competitor-analysis' });
    const input = screen.getByRole('textbox');
    await user.type(input, 'zephyr{Enter}nectar{Enter}');
    await user.click(screen.getByRole('button', { name: i18n.t('proSite.competitors.analyse') }));
    const heading = await screen.findByRole('heading', { name: i18n.t('proSite.competitors.overlap') });
    return heading.closest('div')!;
  };

  it.each(['en', 'ja'])('shows shared followers as estimates with their interval (%s)', async (language) => {
    await i18n.changeLanguage(language);
    const paper = await analyse();
    const table = within(paper).getByRole('table');
    const cells = within(table)
      .getAllByRole('cell')
      .filter((c) => c.textContent !== '—');
    expect(cells).toHaveLength(2);
    for (const cell of cells) {
      expect(cell.querySelector('[data-figure-kind="estimate"]')).not.toBeNull();
      expect(cell.querySelector('[data-figure-part="value"]')!.textContent).toBe(
        formatLargeNumber(shared.value),
      );
      expect(cell.querySelector('[data-figure-part="interval"]')!.textContent).toBe(
        i18n.t('figures.range', { low: formatLargeNumber(shared.low), high: formatLargeNumber(shared.high) }),
      );
    }
    expect(within(paper).getByText(i18n.t('proSite.competitors.overlapHelp'))).toBeTruthy();
  });
});
