import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
import { personalStore } from '@/lib/personal-store';
import { fakeFetch, renderWithProviders, urlOf } from '@/test/render';
import { StaffRequests } from './staff-requests';

const TITLE = { en: 'Requests to answer', ja: '回答待ちのリクエスト' } as const;
const EMPTY = { en: 'No confirmed requests.', ja: '確認済みのリクエストはありません。' } as const;

const paths = (fetch: { mock: { calls: [RequestInfo | URL, RequestInit?][] } }): string[] =>
  fetch.mock.calls.map(([input]) => new URL(urlOf(input), 'http://localhost').pathname);

describe('the pro site’s staff panel (SPEC §6 internal staff answer confirmed requests)', () => {
  beforeEach(() => personalStore.set({ email: 'ann@example.com', token: 'pro.ann' }));
  afterEach(async () => {
    vi.restoreAllMocks();
    personalStore.clear();
    await applyLanguage('en');
  });

  it.each(['en', 'ja'] as const)(
    'asks whether the user is staff and, for anyone else, never asks for the list (%s)',
    async (lang) => {
      await applyLanguage(lang);
      const fetch = vi.spyOn(window, 'fetch').mockImplementation(
        fakeFetch({
          'GET /api/staff/access/': { body: { staff: false } },
          'GET /api/external/audience-requests/': { status: 403, body: { detail: 'Staff only.' } },
        }),
      );
      const { queryClient } = renderWithProviders(<StaffRequests />);
      await vi.waitFor(() => expect(paths(fetch)).toContain('/api/staff/access/'));
      await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(paths(fetch)).toEqual(['/api/staff/access/']);
      expect(screen.queryByText(TITLE[lang])).toBeNull();
    },
  );

  it.each(['en', 'ja'] as const)('shows staff the list (%s)', async (lang) => {
    await applyLanguage(lang);
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/staff/access/': { body: { staff: true } },
        'GET /api/external/audience-requests/': { body: { results: [] } },
      }),
    );
    renderWithProviders(<StaffRequests />);
    expect(await screen.findByText(TITLE[lang])).toBeTruthy();
    expect(screen.getByText(EMPTY[lang])).toBeTruthy();
    expect(paths(fetch)).toEqual(['/api/staff/access/', '/api/external/audience-requests/']);
  });

  it('asks nothing of a visitor who is not signed in', async () => {
    personalStore.clear();
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({}));
    renderWithProviders(<StaffRequests />);
    await new Promise((r) => setTimeout(r, 50));
    expect(paths(fetch)).toEqual([]);
  });
});
