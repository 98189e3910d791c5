import { describe, expect, it } from 'vitest';
import { formatLargeNumber } from './large-number';

describe('formatLargeNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [999.9, '999'],
    [1_000, '1.0K'],
    [1_234, '1.2K'],
    [1_299, '1.2K'],
    [9_999, '9.9K'],
    [10_000, '10K'],
    [12_345, '12K'],
    [999_999, '999K'],
    [1_000_000, '1.0M'],
    [1_234_567, '1.2M'],
    [1_999_999, '1.9M'],
    [25_000_000, '25.0M'],
    [550_000_000, '550.0M'],
    [12_345_678_901, '12345.6M'],
  ])('formats %d as %s (SPEC §9)', (n, expected) => {
    expect(formatLargeNumber(n)).toBe(expected);
  });

  it('keeps the sign of negatives', () => {
    expect(formatLargeNumber(-1_234)).toBe('-1.2K');
    expect(formatLargeNumber(-1_234_567)).toBe('-1.2M');
    expect(formatLargeNumber(-42)).toBe('-42');
  });

  it('never prints a negative zero', () => {
    expect(formatLargeNumber(-0)).toBe('0');
    expect(formatLargeNumber(-0.4)).toBe('0');
  });

  it('shows a dash for values that are not numbers', () => {
    expect(formatLargeNumber(Number.NaN)).toBe('—');
    expect(formatLargeNumber(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatLargeNumber(Number.NEGATIVE_INFINITY)).toBe('—');
  });

  it.each([
    [0, '0'],
    [9_999, '9,999'],
    [12_345, '1.2万'],
    [99_999, '9.9万'],
    [1_000_000, '100万'],
    [18_100_000, '1810万'],
    [123_456_789, '1.2億'],
    [550_000_000, '5.5億'],
    [1_234_567_890, '12億'],
    [-1_000_000, '-100万'],
  ])('formats %d as %s on Japanese screens (万 and 億)', (n, expected) => {
    expect(formatLargeNumber(n, 'ja')).toBe(expected);
  });
});
