import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-label';

describe('fieldLabel', () => {
  it.each([
    ['email', 'Email'],
    ['first_name', 'First name'],
    ['invoice_email', 'Invoice email'],
    ['ad__account_id', 'Ad account id'],
    ['_private_', 'Private'],
    ['Name', 'Name'],
    ['', ''],
  ])('turns %j into %j (SPEC §5)', (key, label) => {
    expect(fieldLabel(key)).toBe(label);
  });
});
