import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OverlapResult } from '@murmur/core/api';
import { populationEstimate } from '@murmur/core/sampling';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAudienceConfig } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { OverlapPage } from './overlap-page';

const figure = (n: number) => populationEstimate(n, { sampleSize: 10_000, rate: 100 });
const configs = [
  makeAudienceConfig(11, { name: 'Anglers' }),
  makeAudienceConfig(12, { name: 'Bakers' }),
  makeAudienceConfig(13, { name: 'Cyclists' }),
];
const result: OverlapResult = {
  audiences: [
    { audience_config_id: 11, name: 'Anglers', size: figure(30), unique: figure(20), unique_share: 20 / 30 },
    { audience_config_id: 13, name: 'Cyclists', size: figure(15), unique: figure(5), unique_share: 5 / 15 },
  ],
  pairs: [{ a: 0, b: 1, overlap: figure(10), jaccard: 10 / 35 }],
  union: figure(35),
  combinations: [
    { audiences: [0], count: figure(20) },
    { audiences: [0, 1], count: figure(10) },
    { audiences: [1], count: figure(5) },
  ],
  combinations_total: 3,
  reach_plan: [
    { audience: 0, incremental: figure(30), cumulative: figure(30) },
    { audience: 1, incremental: figure(5), cumulative: figure(35) },
  ],
};

describe('OverlapPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts the overlap of the chosen saved audiences and shows its result', async () => {
    const start = vi.fn((_init: RequestInit | undefined) => ({
      status: 200,
      body: {
        job: { id: 'j1', kind: 'overlap', state: 'done', progress: 100, stage: '', error: null, result },
      },
    }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/audience-configs/': { body: { count: 3, next: null, previous: null, results: configs } },
        'POST /api/audience-configs/overlap/': start,
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<OverlapPage team="acme" />, { route: '/acme/audiences/overlap' });
    const field = await screen.findByRole('textbox', { name: /Audiences to compare/ });
    const button = screen.getByRole('button', { name: 'Show overlap' });
    // One audience is not an overlap.
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: 'Anglers' }));
    expect(button.hasAttribute('disabled')).toBe(true);
    await user.click(await screen.findByRole('option', { name: 'Cyclists' }));
    expect(button.hasAttribute('disabled')).toBe(false);
    await user.click(button);
    expect(jsonBody(start.mock.calls[0]![0])).toEqual({
      audiences: [{ audience_config_id: 11 }, { audience_config_id: 13 }],
    });
    const unique = await screen.findByRole('table', { name: 'What each audience reaches alone' });
    expect(within(unique).getByText('1. Anglers')).toBeTruthy();
    expect(within(unique).getByText('2. Cyclists')).toBeTruthy();
    expect(screen.getByRole('img', { name: /The 3 largest of 3 combinations/ })).toBeTruthy();
  });

  it('says so when the team has fewer than two saved audiences', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/audience-configs/': {
          body: { count: 1, next: null, previous: null, results: [makeAudienceConfig(1)] },
        },
      }),
    );
    renderWithProviders(<OverlapPage team="acme" />, { route: '/acme/audiences/overlap' });
    expect(await screen.findByText('Save at least two audiences to compare their overlap.')).toBeTruthy();
  });

  it('shows the error when the list cannot be read', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/audience-configs/': { status: 403, body: { detail: 'You are not a member of this team.' } },
      }),
    );
    renderWithProviders(<OverlapPage team="acme" />, { route: '/acme/audiences/overlap' });
    expect((await screen.findByRole('alert')).textContent).toContain('You are not a member of this team.');
  });
});
