import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  currencyFromX,
  currencySymbol,
  formatMoney,
  formatMoneyDutch,
  isCurrency,
} from './currency';

describe('CURRENCIES', () => {
  it('lists the SPEC §3 currencies in order', () => {
    expect(CURRENCIES).toEqual([
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
    ]);
  });

  it('recognises currency codes', () => {
    expect(isCurrency('SGD')).toBe(true);
    expect(isCurrency('sgd')).toBe(false);
    expect(isCurrency('JPY')).toBe(false);
    expect(isCurrency(1)).toBe(false);
  });

  it("names X's ISO codes: JPY is YEN, the listed ones themselves, others Other", () => {
    expect(currencyFromX('JPY')).toBe('YEN');
    expect(currencyFromX('USD')).toBe('USD');
    expect(currencyFromX('ZAR')).toBe('ZAR');
    expect(currencyFromX('SEK')).toBe('Other');
    expect(currencyFromX('jpy')).toBe('Other');
  });
});

describe('currencySymbol', () => {
  it('has symbols only for EUR, USD and GBP (SPEC §3)', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('GBP')).toBe('£');
    const others = CURRENCIES.filter((c) => !['EUR', 'USD', 'GBP'].includes(c));
    expect(others.map(currencySymbol).every((s) => s === undefined)).toBe(true);
  });
});

describe('formatMoney', () => {
  it('defaults to euro with 2 decimals and the symbol first', () => {
    expect(formatMoney(1234.5)).toBe('€1,234.50');
    expect(formatMoney(0)).toBe('€0.00');
    expect(formatMoney(1_000_000)).toBe('€1,000,000.00');
  });

  it('uses the given currency', () => {
    expect(formatMoney(9.999, 'USD')).toBe('$10.00');
    expect(formatMoney(0.5, 'GBP')).toBe('£0.50');
  });

  it('puts the code after the number when there is no symbol', () => {
    expect(formatMoney(1234.5, 'SGD')).toBe('1,234.50 SGD');
    expect(formatMoney(12, 'YEN')).toBe('12.00 YEN');
    expect(formatMoney(12, 'Other')).toBe('12.00');
  });

  it('puts the minus sign before the symbol and never shows -0.00', () => {
    expect(formatMoney(-3, 'USD')).toBe('-$3.00');
    expect(formatMoney(-3, 'CHF')).toBe('-3.00 CHF');
    expect(formatMoney(-0.001)).toBe('€0.00');
  });

  it('shows a dash for values that are not numbers', () => {
    expect(formatMoney(Number.NaN)).toBe('—');
  });
});

describe('formatMoneyDutch', () => {
  it('uses Dutch separators with a space after the symbol', () => {
    expect(formatMoneyDutch(1234.5)).toBe('€ 1.234,50');
    expect(formatMoneyDutch(1_234_567.891, 'USD')).toBe('$ 1.234.567,89');
    expect(formatMoneyDutch(0.5)).toBe('€ 0,50');
  });

  it('handles negatives, codes and non-numbers', () => {
    expect(formatMoneyDutch(-1234.5)).toBe('€ -1.234,50');
    expect(formatMoneyDutch(1234.5, 'SGD')).toBe('1.234,50 SGD');
    expect(formatMoneyDutch(1, 'Other')).toBe('1,00');
    expect(formatMoneyDutch(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
