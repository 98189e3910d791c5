import type { BillingCurrency, Plan } from '@murmur/core/api';
import { formatMoney } from '@murmur/core/format';

/**
 * SPEC §9 money (2 decimals) and §3 currencies: euro amounts come in cents, yen in whole yen; yen
 * have no symbol in SPEC §3, so they read "23,900.00 YEN".
 */
export const formatBillingAmount = (amount: number, currency: string): string =>
  currency.toLowerCase() === 'jpy' ? formatMoney(amount, 'YEN') : formatMoney(amount / 100, 'EUR');

export const planPrice = (plan: Plan, currency: BillingCurrency): string =>
  formatBillingAmount(plan.prices[currency], currency);

/** What a plan costs a month, to tell an upgrade (dearer) from a move down. */
export const monthly = (plan: Plan, currency: BillingCurrency): number =>
  plan.prices[currency] / (plan.interval === 'year' ? 12 : 1);
