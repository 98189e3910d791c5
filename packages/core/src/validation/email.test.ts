import { describe, expect, it } from 'vitest';
import { emailSchema } from '../api';
import { EMAIL_MESSAGE, isValidEmail } from './email';

describe('isValidEmail', () => {
  it.each(['ann@example.com', 'a.b+tag@sub.example.co.jp', '  ann@example.com  '])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'ann', 'ann@', 'ann@example', '@example.com', 'ann example@x.com', 'a@b@c.com'])(
    'rejects %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );

  it('rejects non-strings and overlong addresses', () => {
    expect(isValidEmail(undefined)).toBe(false);
    expect(isValidEmail(42)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@x.com`)).toBe(false);
  });

  it('agrees with the API email schema and its message (SPEC §5)', () => {
    for (const email of ['ann@example.com', 'ann@example', 'x y@z.com']) {
      expect(emailSchema.safeParse(email).success).toBe(isValidEmail(email));
    }
    expect(EMAIL_MESSAGE).toBe('Please enter a valid email address');
  });
});
