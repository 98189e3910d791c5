import { describe, expect, it } from 'vitest';
import { currentPeriod, lastPeriod, nextDue, zonedInstant } from './report-period';

const at = (iso: string) => new Date(iso);

describe('report periods', () => {
  it('weekly on Monday 09:00 in Tokyo: due at 00:00 UTC, covering the week before', () => {
    const timing = { frequency: 'weekly' as const, day: 1, hour: 9, timeZone: 'Asia/Tokyo' };
    // Wednesday 2026-11-25 10:00 UTC: the last due was Monday 2026-11-23 09:00 JST.
    const period = lastPeriod(timing, at('2026-11-25T10:00:00Z'));
    expect(period).toEqual({
      key: '2026-11-16',
      start: at('2026-11-16T00:00:00Z'),
      due: at('2026-11-23T00:00:00Z'),
    });
    expect(nextDue(timing, at('2026-11-25T10:00:00Z'))).toEqual(at('2026-11-30T00:00:00Z'));
    // Monday 08:59 JST: still the week before's report.
    expect(lastPeriod(timing, at('2026-11-22T23:59:00Z')).due).toEqual(at('2026-11-16T00:00:00Z'));
    expect(lastPeriod(timing, at('2026-11-23T00:00:00Z')).due).toEqual(at('2026-11-23T00:00:00Z'));
  });

  it("monthly on the last day: the 31st, the 28th of February, the 30th, each month's own last", () => {
    const timing = { frequency: 'monthly' as const, day: 0, hour: 9, timeZone: 'Asia/Tokyo' };
    // 2027-02-15: the last due was 31 January 09:00 JST; the period began 31 December.
    expect(lastPeriod(timing, at('2027-02-15T00:00:00Z'))).toEqual({
      key: '2026-12-31',
      start: at('2026-12-31T00:00:00Z'),
      due: at('2027-01-31T00:00:00Z'),
    });
    expect(nextDue(timing, at('2027-02-15T00:00:00Z'))).toEqual(at('2027-02-28T00:00:00Z'));
    // On 28 February at 09:00 JST it is due; then 31 March, then 30 April.
    expect(lastPeriod(timing, at('2027-02-28T00:00:00Z')).due).toEqual(at('2027-02-28T00:00:00Z'));
    expect(nextDue(timing, at('2027-02-28T00:00:00Z'))).toEqual(at('2027-03-31T00:00:00Z'));
    expect(nextDue(timing, at('2027-04-01T00:00:00Z'))).toEqual(at('2027-04-30T00:00:00Z'));
    // A leap year's February has its 29th.
    expect(nextDue(timing, at('2028-02-10T00:00:00Z'))).toEqual(at('2028-02-29T00:00:00Z'));
  });

  it('monthly on the 1st at 06:00 UTC: the previous calendar month, across a year', () => {
    const timing = { frequency: 'monthly' as const, day: 1, hour: 6, timeZone: 'UTC' };
    expect(lastPeriod(timing, at('2027-01-10T00:00:00Z'))).toEqual({
      key: '2026-12-01',
      start: at('2026-12-01T06:00:00Z'),
      due: at('2027-01-01T06:00:00Z'),
    });
    expect(nextDue(timing, at('2027-01-01T05:59:00Z'))).toEqual(at('2027-01-01T06:00:00Z'));
  });

  it('keeps the local hour across a daylight-saving change (London)', () => {
    expect(zonedInstant(2026, 3, 30, 9, 'Europe/London')).toEqual(at('2026-03-30T08:00:00Z'));
    expect(zonedInstant(2026, 3, 23, 9, 'Europe/London')).toEqual(at('2026-03-23T09:00:00Z'));
    const timing = { frequency: 'weekly' as const, day: 1, hour: 9, timeZone: 'Europe/London' };
    const period = lastPeriod(timing, at('2026-03-31T12:00:00Z'));
    expect([period.start, period.due]).toEqual([at('2026-03-23T09:00:00Z'), at('2026-03-30T08:00:00Z')]);
  });

  it('"send now" covers the last due time until now', () => {
    const timing = { frequency: 'weekly' as const, day: 1, hour: 9, timeZone: 'UTC' };
    const now = at('2026-11-25T10:00:00Z');
    expect(currentPeriod(timing, now)).toEqual({
      key: '2026-11-23',
      start: at('2026-11-23T09:00:00Z'),
      due: now,
    });
  });
});
