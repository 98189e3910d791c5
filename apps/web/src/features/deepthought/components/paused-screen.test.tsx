import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { PausedScreen } from './paused-screen';

afterEach(() => vi.restoreAllMocks());

describe('the paused page (SPEC §2 premium "/")', () => {
  it('shows a signed-out visitor the page and its way in, without sending them to sign-in', async () => {
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
});
