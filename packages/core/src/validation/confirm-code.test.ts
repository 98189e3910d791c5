import { describe, expect, it } from 'vitest';
import { isValidConfirmCode } from './confirm-code';

describe('isValidConfirmCode', () => {
  it('accepts exactly 6 characters after trimming (SPEC §5)', () => {
    expect(isValidConfirmCode('a1B2c3')).toBe(true);
    expect(isValidConfirmCode(' 123456 ')).toBe(true);
  });

  it('rejects other lengths and non-strings', () => {
    expect(isValidConfirmCode('12345')).toBe(false);
    expect(isValidConfirmCode('1234567')).toBe(false);
    expect(isValidConfirmCode('      ')).toBe(false);
    expect(isValidConfirmCode(123456)).toBe(false);
    expect(isValidConfirmCode(undefined)).toBe(false);
  });
});
