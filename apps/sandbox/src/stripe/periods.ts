import type { Interval } from './types';

/**
 * Billing periods in Unix seconds, on calendar months and years in UTC as Stripe bills them: a
 * period that starts on 31 January ends on the last day of February, then the anchor's day again.
 */
export function addInterval(anchor: number, interval: Interval, count: number): number {
  const d = new Date(anchor * 1000);
  const months = interval === 'year' ? 12 * count : count;
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** The end of the period that contains `now`, for a subscription anchored at `anchor`. */
export function periodAround(
  anchor: number,
  interval: Interval,
  now: number,
): { start: number; end: number } {
  let n = 0;
  while (addInterval(anchor, interval, n + 1) <= now) n++;
  return { start: addInterval(anchor, interval, n), end: addInterval(anchor, interval, n + 1) };
}

/**
 * Stripe's proration of a price change at `at` inside [start, end): the unused time of the old
 * price is credited and the rest of the period on the new price charged, each rounded to the
 * currency's smallest unit.
 */
export function prorate(
  oldAmount: number,
  newAmount: number,
  period: { start: number; end: number },
  at: number,
): { credit: number; charge: number } {
  const total = period.end - period.start;
  const remaining = Math.max(0, Math.min(total, period.end - at));
  const share = total > 0 ? remaining / total : 0;
  return { credit: -Math.round(oldAmount * share), charge: Math.round(newAmount * share) };
}

/** Currencies without a minor unit (ISO 4217 exponent 0) among those Stripe bills. */
export const ZERO_DECIMAL = new Set(['jpy', 'krw', 'vnd', 'clp', 'pyg', 'ugx', 'xaf', 'xof']);

/** "€149.00", "¥23,900": amounts in the smallest unit, for invoices. */
export function formatAmount(amount: number, currency: string): string {
  const zero = ZERO_DECIMAL.has(currency.toLowerCase());
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: zero ? 0 : 2,
    maximumFractionDigits: zero ? 0 : 2,
  }).format(zero ? amount : amount / 100);
}
