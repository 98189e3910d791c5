import type { AudienceConfig, Job, LookalikeResult } from '@murmur/core/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { LookalikeScreen } from './lookalike-screen';

const seed = { id: 7, name: 'Soccer fans' } as AudienceConfig;
const figure = (value: number) => ({
  kind: 'estimate' as const,
  value,
  low: Math.round(value * 0.9),
  high: Math.round(value * 1.1),
  sample: value / 100,
  sample_size: 10_000,
  rate: 100,
});
const reason = (kind: 'follows' | 'hashtag', label: string, seedShare: number) => ({
  kind,
  value: label,
  label,
  also: [],
  seed_share: seedShare,
  population_share: 0.02,
  lift: seedShare / 0.02,
});
const result: LookalikeResult = {
  method: 'log-lift',
  country: 'JP',
  population: figure(1_000_000),
  seed: {
    figure: figure(50_000),
    sample_count: 500,
    unmatched: 0,
    in_population: 480,
    fit: 400,
    held_out: 100,
    held_out_in_population: 96,
  },
  min_support: 5,
  features_used: 120,
  features: [reason('follows', '@coffee', 0.62)],
  sizes: [
    {
      percent: 1,
      target: 100,
      sample_count: 100,
      figure: figure(10_000),
      recall: 0.5,
      baseline_recall: 0.125,
    },
    {
      percent: 5,
      target: 500,
      sample_count: 500,
      figure: figure(50_000),
      recall: 0.75,
      baseline_recall: 0.25,
    },
  ],
  samples: [
    {
      account: { id: '1', handle: 'kenji', name: 'Kenji', followers: 10, verified: false },
      rank: 1,
      reasons: [reason('follows', '@coffee', 0.62), reason('hashtag', '#espresso', 0.4)],
    },
  ],
  ms: 120,
};
const job = (over: Partial<Job>): Job => ({
  id: 'job-1',
  kind: 'lookalike',
  state: 'running',
  progress: 10,
  stage: 'Fitting the model',
  result: null,
  error: null,
  created: '2026-11-24T10:00:00.000Z',
  updated: '2026-11-24T10:00:00.000Z',
  ...over,
});

const render = () =>
  renderWithProviders(
    <Routes>
      <Route path="/:team/lookalikes" element={<LookalikeScreen teamSlug="acme" />} />
    </Routes>,
    { route: '/acme/lookalikes?seed=7' },
  );

describe('LookalikeScreen (lookalikes of a saved audience)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds for a country, shows progress, recall beside the baseline and reasons, then saves one size', async () => {
    let polls = 0;
    const build = vi.fn((init: RequestInit | undefined) => {
      expect(jsonBody(init)).toEqual({ seed: { audience_config_id: 7 }, country: 'JP', sizes: [1, 5, 10] });
      return { status: 202, body: { job: job({}) } };
    });
    const save = vi.fn((init: RequestInit | undefined) => {
      expect(jsonBody(init)).toEqual({
        seed: { audience_config_id: 7 },
        country: 'JP',
        size: 5,
        name: 'Lookalike of Soccer fans',
        team: 'acme',
      });
      return { status: 201, body: { ...seed, id: 8, name: 'Lookalike of Soccer fans' } };
    });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/audience-configs/7/': { body: seed },
        'POST /api/audience-configs/lookalikes/': build,
        'GET /api/jobs/job-1/': () => ({
          body: ++polls < 2 ? job({ progress: 40 }) : job({ state: 'done', progress: 100, result }),
        }),
        'POST /api/audience-configs/lookalikes/save/': save,
      }),
    );
    render();
    expect(await screen.findByText('Seed: Soccer fans')).toBeTruthy();
    const country = screen.getByRole('textbox', { name: /Country/ });
    await userEvent.clear(country);
    await userEvent.type(country, 'Japan');
    await userEvent.click(await screen.findByRole('option', { name: 'Japan' }));
    await userEvent.click(screen.getByRole('button', { name: 'Build lookalike' }));
    expect(await screen.findByRole('progressbar', { name: 'Building the lookalike' })).toBeTruthy();

    const five = await screen.findByTestId('lookalike-size-5');
    expect(within(five).getByText('75%')).toBeTruthy();
    expect(within(five).getByText('25%')).toBeTruthy();
    expect(screen.getByText(/hidden accounts in this population \(96\)/)).toBeTruthy();
    expect(screen.getByText(/naive-Bayes log-lift/)).toBeTruthy();
    const sample = screen.getByTestId('lookalike-sample');
    expect(within(sample).getByText('@kenji')).toBeTruthy();
    expect(within(sample).getByText('Follows @coffee, like 62% of the seed')).toBeTruthy();
    expect(within(sample).getByText('Writes about #espresso, like 40% of the seed')).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: '5 %' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save as audience' }));
    expect(await screen.findByText('Saved as “Lookalike of Soccer fans”')).toBeTruthy();
    expect(save).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Go to My audiences' }).getAttribute('href')).toBe(
      '/acme/audiences',
    );
  });

  it('shows the server’s refusal of a seed too small', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/audience-configs/7/': { body: seed },
        'POST /api/audience-configs/lookalikes/': {
          status: 400,
          body: { seed: ['The seed needs at least 10 accounts that Murmur indexes.'] },
        },
      }),
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Build lookalike' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The seed needs at least 10 accounts');
  });

  it('without a seed, points to My audiences', () => {
    renderWithProviders(
      <Routes>
        <Route path="/:team/lookalikes" element={<LookalikeScreen teamSlug="acme" />} />
      </Routes>,
      { route: '/acme/lookalikes' },
    );
    expect(screen.getByRole('link', { name: 'Go to My audiences' })).toBeTruthy();
  });
});
