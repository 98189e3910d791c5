import { NO_VALUE } from './no-value';

/** SPEC §3: the currencies a user can choose. "YEN" (not JPY) and "Other" are the spec's own values. */
export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'YEN',
  'SGD',
  'BRL',
  'CAD',
  'CHF',
  'INR',
  'KRW',
  'KWD',
  'MXN',
  'NGN',
  'SAR',
  'AUD',
  'ZAR',
  'Other',
] as const;
export type Currency = (typeof CURRENCIES)[number];

/** SPEC §3: the default currency is the euro. */
export const DEFAULT_CURRENCY: Currency = 'EUR';

// SPEC §3: symbols exist only for EUR, USD and GBP.
const SYMBOLS: Partial<Record<Currency, string>> = { EUR: '€', USD: '$', GBP: '£' };

export function currencySymbol(currency: Currency): string | undefined {
  return SYMBOLS[currency];
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The currency of X's ISO 4217 code (a funding instrument's): JPY is "YEN", one not listed "Other". */
export function currencyFromX(xCurrency: string): Currency {
  const ours = xCurrency === 'JPY' ? 'YEN' : xCurrency;
  return isCurrency(ours) ? ours : 'Other';
}

// SPEC §9: money with 2 decimals.
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Unsigned "1,234.50" and whether the rounded amount is below zero (so "-0.00" never appears). */
function digits(amount: number): { text: string; negative: boolean } {
  const text = twoDecimals.format(Math.abs(amount));
  return { text, negative: amount < 0 && /[1-9]/.test(text) };
}

/**
 * "€1,234.50", "-$3.00"; a currency without a symbol puts its code after the number
 * ("1,234.50 SGD"), and "Other" shows the bare number. NaN and ±Infinity give "—".
 */
export function formatMoney(amount: number, currency: Currency = DEFAULT_CURRENCY): string {
  if (!Number.isFinite(amount)) return NO_VALUE;
  const { text, negative } = digits(amount);
  const sign = negative ? '-' : '';
  const symbol = currencySymbol(currency);
  if (symbol) return `${sign}${symbol}${text}`;
  return currency === 'Other' ? `${sign}${text}` : `${sign}${text} ${currency}`;
}

/**
 * SPEC §9: the Dutch-format variant: "€ 1.234,50", "€ -1.234,50", "1.234,50 SGD".
 * Built from the English digits by swapping separators, so it does not depend on the runtime's
 * locale data.
 */
export function formatMoneyDutch(amount: number, currency: Currency = DEFAULT_CURRENCY): string {
  if (!Number.isFinite(amount)) return NO_VALUE;
  const { text, negative } = digits(amount);
  const dutch = `${negative ? '-' : ''}${text.replace(/[,.]/g, (c) => (c === ',' ? '.' : ','))}`;
  const symbol = currencySymbol(currency);
  if (symbol) return `${symbol} ${dutch}`;
  return currency === 'Other' ? dutch : `${dutch} ${currency}`;
}
