import type { OverlapResult } from '@murmur/core/api';
import { populationEstimate } from '@murmur/core/sampling';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { OverlapResultView } from './overlap-result';

const figure = (n: number) => populationEstimate(n, { sampleSize: 10_000, rate: 100 });
const names = ['Anglers', 'Bakers', 'Cyclists'];
/** Three audiences: B adds 50 first, then A adds 20, C adds nobody (it is inside A ∪ B). */
const result: OverlapResult = {
  audiences: [
    { audience_config_id: 11, name: 'Anglers', size: figure(30), unique: figure(20), unique_share: 20 / 30 },
    { audience_config_id: 12, name: 'Bakers', size: figure(50), unique: figure(35), unique_share: 35 / 50 },
    { audience_config_id: 13, name: 'Cyclists', size: figure(15), unique: figure(0), unique_share: 0 },
  ],
  pairs: [
    { a: 0, b: 1, overlap: figure(10), jaccard: 10 / 70 },
    { a: 0, b: 2, overlap: figure(5), jaccard: 5 / 40 },
    { a: 1, b: 2, overlap: figure(15), jaccard: 15 / 50 },
  ],
  union: figure(70),
  combinations: [
    { audiences: [1], count: figure(35) },
    { audiences: [0], count: figure(20) },
    { audiences: [1, 2], count: figure(10) },
  ],
  combinations_total: 5,
  reach_plan: [
    { audience: 1, incremental: figure(50), cumulative: figure(50) },
    { audience: 0, incremental: figure(20), cumulative: figure(70) },
    { audience: 2, incremental: figure(0), cumulative: figure(70) },
  ],
};

describe('OverlapResultView', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the pairs, the combinations and each unique share as estimates', () => {
    renderWithProviders(<OverlapResultView result={result} names={names} team="acme" />);
    const heatmap = screen.getByRole('table', { name: /Jaccard/ });
    expect(
      within(heatmap).getByLabelText(/Anglers and Bakers: 1.0K in both \(estimate, 543–1.8K\)/),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: /The 3 largest of 5 combinations/ })).toBeTruthy();
    const unique = screen.getByRole('table', { name: 'What each audience reaches alone' });
    expect(within(unique).getAllByRole('row')).toHaveLength(4);
    expect(within(unique).getByText('0%')).toBeTruthy();
  });

  it('plans within the chosen total and saves the steps in order, then pushes the saved plan', async () => {
    const save = vi.fn((init: RequestInit | undefined) => ({
      status: 201,
      body: { id: 9, name: 'Q4', notes: '', created: '', modified: '', ...(jsonBody(init) as object) },
    }));
    const push = vi.fn(() => ({
      status: 201,
      body: {
        custom_audiences: [
          {
            uploaded_audience_id: 5,
            custom_audience_id: 'ca1',
            name: 'Q4',
            audience_config_id: null,
            uploaded_count: 70,
          },
        ],
      },
    }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'POST /api/audience-plan/': save,
        'GET /api/teams/acme/accounts/': {
          body: [{ id: 1, account: { account_id: 'acc1', network: 'twitter' } }],
        },
        'POST /api/audience-plan/9/push/': push,
      }),
    );
    renderWithProviders(<OverlapResultView result={result} names={names} team="acme" />);
    const plan = screen.getByRole('table', { name: 'Reach planner' });
    // The step adding nobody is not taken.
    expect(within(plan).getAllByRole('row')).toHaveLength(3);
    fireEvent.change(screen.getByLabelText('At most (audiences)'), { target: { value: '1' } });
    expect(within(plan).getAllByRole('row')).toHaveLength(2);
    expect(within(plan).getByText('Bakers')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Plan name'), { target: { value: 'Q4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    await screen.findByText('Saved as “Q4”.');
    expect(jsonBody(save.mock.calls[0]![0])).toEqual({
      name: 'Q4',
      audience_config_ids: [12],
      reach: { max_audiences: 1, target_reach: null },
    });
    const pushButton = await screen.findByRole('button', { name: 'Push to X' });
    await vi.waitFor(() => expect(pushButton.hasAttribute('disabled')).toBe(false));
    fireEvent.click(pushButton);
    await screen.findByText(
      'Sent to X: Q4. X processes them; My Audiences follows each until X can target it.',
    );
    expect(push).toHaveBeenCalledTimes(1);
  });
});
