import type { Language } from '../api';
import { type DateInput, toDate } from './to-date';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// SPEC §9: relative time units year, month, week, day, hour, minute, second — largest first.
// Months and years are calendar averages (30 and 365 days): the text is approximate by design.
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

export interface FormatRelativeTimeOptions {
  /** The moment to compare with; defaults to the current time. */
  now?: Date | number;
  locale?: Language;
}

/**
 * "3 hours ago", "in 2 weeks", "yesterday", "now" (Japanese: "3 時間前").
 * The largest unit that fits is used and the count is truncated, so 47 hours is "yesterday"
 * rather than "2 days ago". An invalid date gives ''.
 */
export function formatRelativeTime(date: DateInput, options: FormatRelativeTimeOptions = {}): string {
  const then = toDate(date);
  if (!then) return '';
  const now = options.now === undefined ? Date.now() : new Date(options.now).getTime();
  const diff = then.getTime() - now;
  const [unit, size] = UNITS.find(([, ms]) => Math.abs(diff) >= ms) ?? ['second', SECOND];
  const count = Math.trunc(diff / size) || 0; // `|| 0` turns -0 into 0
  return new Intl.RelativeTimeFormat(options.locale ?? 'en', { numeric: 'auto' }).format(count, unit);
}
