import { describe, expect, it } from 'vitest';
import { formatBillingAmount } from './money';

describe('formatBillingAmount', () => {
  it('shows yen whole, with the sign the checkout page uses', () => {
    expect(formatBillingAmount(23900, 'jpy')).toBe('¥23,900');
    expect(formatBillingAmount(2900, 'JPY')).toBe('¥2,900');
  });

  it('shows euro cents with two decimals', () => {
    expect(formatBillingAmount(14900, 'eur')).toBe('€149.00');
  });
});
