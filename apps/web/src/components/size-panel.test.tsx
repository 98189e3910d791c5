import { emptyTargetingPackage, type TargetingPackage } from '@murmur/core/targeting';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonBody, renderWithProviders } from '../test/render';
import { SizePanel } from './size-panel';
import { populationEstimate } from '@murmur/core/sampling';

const withKeywords = (...labels: string[]): TargetingPackage => ({
  ...emptyTargetingPackage(),
  keywords: labels.map((label) => ({ label })),
});

describe('SizePanel', () => {
  afterEach(() => vi.useRealTimers());

  it('sizes a restored package at once, then once 500 ms after the last change, and formats it (SPEC §9)', async () => {
    vi.useFakeTimers();
    const build = vi.fn((init: RequestInit | undefined) => {
      const { targeting_package } = jsonBody(init) as { targeting_package: TargetingPackage };
      return {
        body: {
          sample_count: 420,
          population_estimate: 1_234_567 * targeting_package.keywords.length,
          size_bucket: '1M-5M',
          unmatched: [],
          handles_truncated: false,
          figure: populationEstimate(420, {
            sampleSize: 100_000,
            rate: (1_234_567 * targeting_package.keywords.length) / 420,
          }),
        },
      };
    });
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ 'POST /api/build-audience/': build }));
    // A restored draft is sized at once.
    const view = renderWithProviders(<SizePanel pkg={withKeywords('a')} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(build).toHaveBeenCalledTimes(1);
    // Changes in quick succession make one call, 500 ms after the last one.
    view.rerender(<SizePanel pkg={withKeywords('a', 'b')} />);
    await act(() => vi.advanceTimersByTimeAsync(300));
    // While it settles the region is busy, and the last figure stays at full contrast (no fading).
    expect(screen.getByRole('region').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('audience-size').parentElement!.getAttribute('style') ?? '').not.toContain(
      'opacity',
    );
    view.rerender(<SizePanel pkg={withKeywords('a', 'b', 'c')} />);
    view.rerender(<SizePanel pkg={withKeywords('a', 'c')} />);
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(build).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(build).toHaveBeenCalledTimes(2);
    expect(
      (jsonBody(build.mock.calls[1]![0]) as { targeting_package: TargetingPackage }).targeting_package
        .keywords,
    ).toEqual([{ label: 'a' }, { label: 'c' }]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('audience-size').textContent).toBe('2.4M');
    expect(screen.getByText('1M-5M')).toBeTruthy();
  });

  it('says what to do when the package is empty, without calling the server', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({}));
    renderWithProviders(<SizePanel pkg={emptyTargetingPackage()} />);
    expect(
      screen.getByText('Add at least one criterion to see how many people this audience reaches.'),
    ).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a failed estimate with the SPEC §8 message', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'POST /api/build-audience/': {
          status: 503,
          body: { detail: 'The audience engine is loading (42 %).' },
        },
      }),
    );
    renderWithProviders(<SizePanel pkg={withKeywords('a')} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The audience engine is loading (42 %).');
  });
});
