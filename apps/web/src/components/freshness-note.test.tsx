import type { EngineStatus } from '@murmur/core/api';
import { focusManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { fakeFetch, renderWithProviders } from '../test/render';
import { FreshnessNote } from './freshness-note';

const status = (freshness: EngineStatus['freshness']): EngineStatus => ({
  state: 'ready',
  progress: 100,
  accounts: 1000,
  message: null,
  freshness,
  partitions: [],
  positionOf: 'api',
  shards: [],
});

describe('FreshnessNote', () => {
  afterEach(async () => {
    vi.useRealTimers();
    focusManager.setFocused(undefined);
    await i18n.changeLanguage('en');
  });

  it('says how far behind X the data is, polls every 10 s, and says nothing for a static index', async () => {
    vi.useFakeTimers();
    const answers = [
      status({ state: 'live', behindMs: 3_200 }),
      status({ state: 'catching-up', behindMs: 125_000 }),
      status({ state: 'static', behindMs: null }),
    ];
    const get = vi.fn(() => ({ body: answers[Math.min(get.mock.calls.length - 1, answers.length - 1)] }));
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ 'GET /api/engine/status/': get }));
    renderWithProviders(<FreshnessNote />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status').textContent).toBe('Live, 3 s behind X');
    expect(screen.getByTestId('freshness').dataset.state).toBe('live');

    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(get).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(get).toHaveBeenCalledTimes(2);
    // The answer is read and rendered a moment later.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('status').textContent).toBe('Catching up: 2 min behind');

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(get).toHaveBeenCalledTimes(3);
    expect(screen.queryByTestId('freshness')).toBeNull();
  });

  it('does not poll while the tab is hidden', async () => {
    vi.useFakeTimers();
    const get = vi.fn(() => ({ body: status({ state: 'live', behindMs: 1_000 }) }));
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ 'GET /api/engine/status/': get }));
    renderWithProviders(<FreshnessNote />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(get).toHaveBeenCalledTimes(1);
    act(() => focusManager.setFocused(false));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(get).toHaveBeenCalledTimes(1);
    // Back on the tab: asked again at once.
    act(() => focusManager.setFocused(true));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('speaks Japanese', async () => {
    await i18n.changeLanguage('ja');
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/engine/status/': { body: status({ state: 'catching-up', behindMs: 3_600_000 }) },
      }),
    );
    renderWithProviders(<FreshnessNote />);
    expect((await screen.findByRole('status')).textContent).toBe('追いつき中：1時間遅れ');
  });

  it('renders nothing when the status route fails', async () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/engine/status/': { status: 503, body: { detail: 'x' } } }),
    );
    renderWithProviders(<FreshnessNote />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.queryByTestId('freshness')).toBeNull();
  });
});
