import { describe, expect, it } from 'vitest';
import { formatDate } from './date';
import { toDate } from './to-date';

const utc = { timeZone: 'UTC' };

describe('formatDate', () => {
  it('formats English short dates (SPEC §9)', () => {
    expect(formatDate('2026-11-20T12:00:00Z', 'en', utc)).toBe('Nov 20, 2026');
    expect(formatDate(Date.UTC(2024, 0, 5), undefined, utc)).toBe('Jan 5, 2024');
  });

  it('formats Japanese dates', () => {
    expect(formatDate(new Date('2026-11-20T12:00:00Z'), 'ja', utc)).toBe('2026年11月20日');
  });

  it('honours the time zone', () => {
    expect(formatDate('2026-11-20T23:30:00Z', 'en', { timeZone: 'Asia/Tokyo' })).toBe('Nov 21, 2026');
  });

  it('returns an empty string for invalid dates', () => {
    expect(formatDate('yesterday-ish')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('toDate', () => {
  it('accepts dates, strings and numbers and rejects invalid ones', () => {
    const d = new Date(0);
    expect(toDate(d)).toBe(d);
    expect(toDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(toDate('2026-01-01T00:00:00Z')?.getTime()).toBe(Date.UTC(2026, 0, 1));
    expect(toDate('nope')).toBeUndefined();
  });
});
