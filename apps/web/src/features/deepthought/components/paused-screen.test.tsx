import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { PausedScreen } from './paused-screen';

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('the paused page (SPEC §2 premium "/")', () => {
  it('shows a signed-out visitor the page and its way in, without sending them to sign-in', async () => {
    // A session cookie that the server no longer honours: the status call is made and answers 403.
    document.cookie = 'csrftoken=stale; path=/';
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/external/deepthought/status/': {
          status: 403,
          body: { detail: 'Authentication credentials were not provided.' },
        },
      }),
    );
    const onAuthLost = vi.fn();
    const queryClient = createQueryClient({ onAuthLost });
    queryClient.setDefaultOptions({ queries: { retry: false } });
    renderWithProviders(<PausedScreen />, { route: '/', queryClient });
    expect(await screen.findByRole('button', { name: /Sign in with X/ })).toBeTruthy();
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(onAuthLost).not.toHaveBeenCalled();
  });

  it('asks nothing about a visitor without a session cookie (no expected 403 in the console)', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({}));
    renderWithProviders(<PausedScreen />, {
      route: '/',
      queryClient: createQueryClient({ onAuthLost: vi.fn() }),
    });
    expect(await screen.findByRole('button', { name: /Sign in with X/ })).toBeTruthy();
    expect(
      fetch.mock.calls.map(([input]) =>
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      ),
    ).not.toContainEqual(expect.stringContaining('/deepthought/status/'));
  });
});
