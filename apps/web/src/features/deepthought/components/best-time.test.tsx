import { screen } from '@testing-library/react';
import type { DtBestTime } from '@murmur/core/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
import { fakeFetch, renderWithProviders, urlOf } from '@/test/render';
import { dtStatus } from '../dt-fixture';
import { BestTime, HourAxis, OwnHours } from './best-time';

describe('HourAxis', () => {
  it('labels every sixth of the 24 hours under a best-time chart', () => {
    renderWithProviders(<HourAxis />);
    const axis = screen.getByTestId('hour-axis');
    expect(axis.children).toHaveLength(24);
    expect([...axis.children].map((c) => c.textContent).filter(Boolean)).toEqual([
      '00:00',
      '06:00',
      '12:00',
      '18:00',
    ]);
  });
});

describe('OwnHours', () => {
  const hours = (at: number[]) => Array.from({ length: 24 }, (_, h) => (at.includes(h) ? 1 / at.length : 0));

  it('says one post in the singular and counts more', () => {
    const { unmount } = renderWithProviders(<OwnHours hours={hours([23])} posts={1} />);
    expect(screen.getByText('You posted 1 time in the last 7 days, at 23:00.')).toBeTruthy();
    unmount();
    renderWithProviders(<OwnHours hours={hours([9, 23])} posts={4} />);
    expect(screen.getByText('You posted 4 times in the last 7 days, most at 09:00, 23:00.')).toBeTruthy();
  });
});

describe('BestTime in the viewer’s time zone', () => {
  const answer: DtBestTime = {
    time_zone: 'Asia/Tokyo',
    synced_at: '2026-11-26T08:00:00.000Z',
    basis: 40,
    hours: Array.from({ length: 24 }, (_, h) => (h === 21 ? 0.5 : h === 9 ? 0.3 : h === 12 ? 0.2 : 0)),
    weekdays: [0.5, 0.1, 0.1, 0.1, 0.1, 0.05, 0.05],
    best_hours: [21, 9, 12],
    best_weekday: 0,
    own_posts_7d: 0,
    own_hours: Array.from({ length: 24 }, () => 0),
  };
  const status = dtStatus();

  afterEach(async () => {
    vi.restoreAllMocks();
    await applyLanguage('en');
  });

  it.each([
    ['en', 'Your followers are most active at 21:00, 09:00, 12:00 (Japan Standard Time), most on Monday.'],
    ['ja', 'フォロワーが最も活発なのは21:00, 09:00, 12:00（日本標準時）、曜日では月曜日です。'],
  ] as const)('asks in the browser’s zone and names it (%s)', async (lang, text) => {
    await applyLanguage(lang);
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: 'Asia/Tokyo' };
    });
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/external/deepthought/status/': { body: status },
        'GET /api/external/deepthought/best-post-time/': { body: answer },
      }),
    );
    renderWithProviders(<BestTime />);
    expect(await screen.findByText(text)).toBeTruthy();
    const asked = fetch.mock.calls.map(([input]) => urlOf(input)).find((u) => u.includes('best-post-time'));
    expect(new URL(asked!, 'http://localhost').searchParams.get('tz')).toBe('Asia/Tokyo');
  });
});
