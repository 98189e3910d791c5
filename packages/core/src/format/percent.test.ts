import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent';

describe('formatPercent', () => {
  it.each([
    [12.345, '12.35%'],
    [1.005, '1.01%'],
    [12.3, '12.3%'],
    [12.3456, '12.35%'],
    [50, '50%'],
    [0, '0%'],
    [0.001, '0%'],
    [-3.333, '-3.33%'],
    [1234.5, '1,234.5%'],
  ])('formats %d as %s (SPEC §9: up to 2 decimals)', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });

  it('multiplies fractions by 100 when asked', () => {
    expect(formatPercent(0.12345, { fromFraction: true })).toBe('12.35%');
    expect(formatPercent(0.5, { fromFraction: true })).toBe('50%');
    expect(formatPercent(1, { fromFraction: true })).toBe('100%');
    expect(formatPercent(0.0115, { fromFraction: true })).toBe('1.15%');
  });

  it('does not show a negative zero', () => {
    expect(formatPercent(-0.001)).toBe('0%');
    expect(formatPercent(-0.00001, { fromFraction: true })).toBe('0%');
  });

  it('shows a dash for values that are not numbers', () => {
    expect(formatPercent(Number.NaN)).toBe('—');
    expect(formatPercent(Number.POSITIVE_INFINITY, { fromFraction: true })).toBe('—');
  });
});
