import { fireEvent, screen, within } from '@testing-library/react';
import type { DtChanges } from '@murmur/core/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
import { fakeFetch, renderWithProviders, urlOf } from '@/test/render';
import { dtStatus } from '../dt-fixture';
import { UnfollowedScreen } from './unfollowed-screen';

const status = dtStatus();
const changes: DtChanges = {
  since: '2026-11-19T00:00:00.000Z',
  until: '2026-11-27T00:00:00.000Z',
  synced_at: '2026-11-26T08:00:00.000Z',
  syncs: 2,
  unfollowers: [],
  new_followers: [],
};

const FIELDS = {
  en: {
    since: 'From',
    until: 'Until',
    sinceDay: '19 Nov 2026',
    untilDay: '27 Nov 2026',
    month: 'November 2026',
  },
  ja: {
    since: '開始日',
    until: '終了日',
    sinceDay: '2026年11月19日',
    untilDay: '2026年11月27日',
    month: '2026年11月',
  },
} as const;

describe('Deep Thought’s unfollowed page picks its days in the interface language', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    await applyLanguage('en');
  });

  it.each(['en', 'ja'] as const)('shows the range as the language writes days (%s)', async (lang) => {
    await applyLanguage(lang);
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/external/deepthought/status/': { body: status },
        'GET /api/external/deepthought/unfollowers/': { body: changes },
      }),
    );
    renderWithProviders(<UnfollowedScreen />, { route: '/premium-suite/unfollowed' });
    const f = FIELDS[lang];
    const since = await screen.findByRole('button', { name: f.since });
    expect(since.textContent).toBe(f.sinceDay);
    expect(screen.getByRole('button', { name: f.until }).textContent).toBe(f.untilDay);
    // No native date field (it writes mm/dd/yyyy in an English browser, whatever the interface).
    expect(document.querySelector('input[type="date"]')).toBeNull();
    fireEvent.click(since);
    expect(within(await screen.findByRole('dialog')).getByText(f.month)).toBeTruthy();
    const asked = fetch.mock.calls.map(([input]) => urlOf(input)).find((u) => u.includes('/unfollowers/'));
    expect(new URL(asked!, 'http://localhost').searchParams.get('since')).toBe('2026-11-19T00:00:00Z');
  });
});
