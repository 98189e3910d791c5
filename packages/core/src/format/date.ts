import type { Language } from '../api';
import { type DateInput, toDate } from './to-date';

export interface FormatDateOptions {
  /** IANA time zone; defaults to the runtime's own. */
  timeZone?: string;
}

/**
 * SPEC §9: dates in short format — numeric year, short month, numeric day:
 * "Nov 20, 2026", Japanese "2026年11月20日". An invalid date gives ''.
 */
export function formatDate(
  date: DateInput,
  locale: Language = 'en',
  options: FormatDateOptions = {},
): string {
  const value = toDate(date);
  if (!value) return '';
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: options.timeZone,
  }).format(value);
}
