import { describe, expect, it } from 'vitest';
import { buildErrorMessage } from './build-error-message';

describe('buildErrorMessage (SPEC §8)', () => {
  it('returns a string as is', () => {
    expect(buildErrorMessage('Not found.')).toBe('Not found.');
  });

  it('joins lists with commas', () => {
    expect(buildErrorMessage(['Too short', 'Too common'])).toBe('Too short, Too common');
  });

  it('uses a detail field recursively', () => {
    expect(buildErrorMessage({ detail: 'Authentication credentials were not provided.' })).toBe(
      'Authentication credentials were not provided.',
    );
    expect(buildErrorMessage({ detail: ['a', 'b'], other: 'ignored' })).toBe('a, b');
  });

  it('uses an errors field recursively', () => {
    expect(buildErrorMessage({ errors: { email: ['Enter a valid email address.'] } })).toBe(
      'Email: Enter a valid email address.',
    );
  });

  it('prefixes each field with its capitalised name and joins with a full stop and newline', () => {
    expect(
      buildErrorMessage({ first_name: ['This field is required.'], invoice_email: ['Enter a valid email'] }),
    ).toBe('First name: This field is required.\nInvoice email: Enter a valid email');
  });

  it('shows non_field_errors without a prefix', () => {
    expect(buildErrorMessage({ non_field_errors: ['Unable to log in with provided credentials.'] })).toBe(
      'Unable to log in with provided credentials.',
    );
    expect(buildErrorMessage({ non_field_errors: ['Bad pair'], name: ['Taken'] })).toBe(
      'Bad pair.\nName: Taken',
    );
  });

  it('recurses into nested objects', () => {
    expect(buildErrorMessage({ account: { account_id: ['Required'] } })).toBe(
      'Account: Account id: Required',
    );
    expect(buildErrorMessage([{ email: ['Invalid'] }, 'Other'])).toBe('Email: Invalid, Other');
  });

  it('skips empty parts and handles odd values', () => {
    expect(buildErrorMessage({ name: [], slug: ['Taken'] })).toBe('Slug: Taken');
    expect(buildErrorMessage({})).toBe('');
    expect(buildErrorMessage(null)).toBe('');
    expect(buildErrorMessage(undefined)).toBe('');
    expect(buildErrorMessage(404)).toBe('404');
    expect(buildErrorMessage({ detail: null, code: 'x' })).toBe('Code: x');
  });
});
