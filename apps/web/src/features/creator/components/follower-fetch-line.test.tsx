import type { EngineStatus, FollowerFetch } from '@murmur/core/api';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { FollowerFetchLine } from './follower-fetch-line';

const engine = (state: EngineStatus['freshness']['state']): EngineStatus => ({
  state: 'ready',
  progress: 100,
  accounts: 10,
  message: null,
  freshness: { state, behindMs: state === 'static' ? null : 1000 },
  partitions: [],
  positionOf: 'api',
  shards: [],
});
const fetchOf = (state: FollowerFetch['state'], fetched: number): FollowerFetch => ({
  handle: 'newcomer',
  xUserId: '42',
  state,
  fetched,
  total: 200,
  progress: state === 'done' ? 100 : Math.floor((100 * fetched) / 200),
  error: null,
});

describe('FollowerFetchLine', () => {
  afterEach(() => vi.useRealTimers());

  it('starts reading an unseen account’s followers from X and shows the progress until done', async () => {
    vi.useFakeTimers();
    let current: FollowerFetch | null = null;
    const start = vi.fn((init: RequestInit | undefined) => {
      expect(jsonBody(init)).toEqual({ team: 'acme', handle: 'newcomer' });
      current = fetchOf('running', 50);
      return { status: 202, body: current };
    });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/engine/status/': { body: engine('live') },
        'GET /api/live/follower-fetches/': () =>
          current ? { body: current } : { status: 404, body: { detail: 'Not found.' } },
        'POST /api/live/follower-fetches/': start,
      }),
    );
    renderWithProviders(<FollowerFetchLine teamSlug="acme" handle="newcomer" />);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Read @newcomer’s followers from X' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(start).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Reading followers from X: 25 %');
    current = fetchOf('done', 200);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('status').textContent).toBe('Followers read from X');
  });

  it('offers nothing on a static index, where X is not read', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/engine/status/': { body: engine('static') },
        'GET /api/live/follower-fetches/': { status: 404, body: { detail: 'Not found.' } },
      }),
    );
    renderWithProviders(<FollowerFetchLine teamSlug="acme" handle="newcomer" />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('follower-fetch')).toBeNull();
  });
});
