import type { BillingCurrency, Plan } from '@murmur/core/api';
import { formatMoney } from '@murmur/core/format';

// ISO 4217: the yen has no minor unit, so "¥23,900" — the figure the hosted checkout charges.
const yen = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'JPY',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * A plan price or invoice amount as the provider charges it: euro amounts come in cents (SPEC §9
 * money, 2 decimals: "€149.00"), yen in whole yen ("¥23,900").
 */
export const formatBillingAmount = (amount: number, currency: string): string =>
  currency.toLowerCase() === 'jpy' ? yen.format(amount) : formatMoney(amount / 100, 'EUR');

export const planPrice = (plan: Plan, currency: BillingCurrency): string =>
  formatBillingAmount(plan.prices[currency], currency);

/** What a plan costs a month, to tell an upgrade (dearer) from a move down. */
export const monthly = (plan: Plan, currency: BillingCurrency): number =>
  plan.prices[currency] / (plan.interval === 'year' ? 12 : 1);
