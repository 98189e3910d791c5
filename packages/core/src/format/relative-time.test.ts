import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.UTC(2026, 10, 20, 12, 0, 0);
const ago = (ms: number) => now - ms;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [ago(0), 'now'],
    [ago(30_000), '30 seconds ago'],
    [ago(MIN), '1 minute ago'],
    [ago(59 * MIN), '59 minutes ago'],
    [ago(3 * HOUR), '3 hours ago'],
    [ago(DAY), 'yesterday'],
    [ago(47 * HOUR), 'yesterday'],
    [ago(3 * DAY), '3 days ago'],
    [ago(7 * DAY), 'last week'],
    [ago(20 * DAY), '2 weeks ago'],
    [ago(30 * DAY), 'last month'],
    [ago(200 * DAY), '6 months ago'],
    [ago(365 * DAY), 'last year'],
    [ago(800 * DAY), '2 years ago'],
  ])('uses the largest fitting SPEC §9 unit (%d)', (date, expected) => {
    expect(formatRelativeTime(date, { now })).toBe(expected);
  });

  it('handles future dates', () => {
    expect(formatRelativeTime(now + 5 * MIN, { now })).toBe('in 5 minutes');
    expect(formatRelativeTime(now + 14 * DAY, { now })).toBe('in 2 weeks');
    expect(formatRelativeTime(now + DAY, { now })).toBe('tomorrow');
  });

  it('accepts Date objects, ISO strings and a Date for now', () => {
    expect(formatRelativeTime(new Date(ago(2 * HOUR)), { now: new Date(now) })).toBe('2 hours ago');
    expect(formatRelativeTime('2026-11-20T11:00:00Z', { now })).toBe('1 hour ago');
  });

  it('speaks Japanese', () => {
    expect(formatRelativeTime(ago(3 * HOUR), { now, locale: 'ja' })).toBe('3 時間前');
    expect(formatRelativeTime(ago(DAY), { now, locale: 'ja' })).toBe('昨日');
  });

  it('defaults now to the current time', () => {
    expect(formatRelativeTime(Date.now() - 2 * DAY)).toBe('2 days ago');
  });

  it('returns an empty string for invalid dates', () => {
    expect(formatRelativeTime('not a date', { now })).toBe('');
    expect(formatRelativeTime(Number.NaN, { now })).toBe('');
  });
});
