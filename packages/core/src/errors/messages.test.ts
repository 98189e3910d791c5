import { describe, expect, it } from 'vitest';
import { MAX_HANDLES } from '../targeting/limits';
import {
  ACTIVE_SUBSCRIPTION_REQUIRED_MESSAGE,
  CUSTOM_AUDIENCES_NOT_READY_CONFIRM,
  EXTENSION_MISSING_MESSAGE,
  formSubmitErrorMessage,
  INVALID_LOGIN_CODE_MESSAGE,
  missingEnvMessage,
  NETWORK_ERROR_MESSAGE,
  NO_AD_ACCOUNT_MESSAGE,
  TOO_MANY_HANDLES_MESSAGE,
  UNAUTHORIZED_LOGIN_MESSAGE,
} from './messages';

describe('error texts (SPEC §5/§8)', () => {
  it('keeps the spec wording', () => {
    expect(NETWORK_ERROR_MESSAGE).toBe('Something went wrong. Please try again later.');
    expect(INVALID_LOGIN_CODE_MESSAGE).toBe('Invalid login code');
    expect(UNAUTHORIZED_LOGIN_MESSAGE).toBe('Error: Unauthorized login attempt');
    expect(NO_AD_ACCOUNT_MESSAGE).toBe('No ad account id provided');
    expect(ACTIVE_SUBSCRIPTION_REQUIRED_MESSAGE).toBe(
      'You need an active subscription to upload audiences to X.',
    );
    expect(EXTENSION_MISSING_MESSAGE).toMatch(/^The X Pro Targeting extension is not installed\. /);
    expect(EXTENSION_MISSING_MESSAGE).toMatch(/download the extension\.$/);
    expect(CUSTOM_AUDIENCES_NOT_READY_CONFIRM).toContain('up to 48 hours');
    expect(CUSTOM_AUDIENCES_NOT_READY_CONFIRM).toMatch(/apply the rest of the targeting package\?$/);
  });

  it('names the handle limit', () => {
    expect(TOO_MANY_HANDLES_MESSAGE).toContain(`first ${MAX_HANDLES} handles`);
  });

  it('keeps the first 300 characters of a form error', () => {
    expect(formSubmitErrorMessage('Name: Taken')).toBe('Failed to submit form: Name: Taken');
    const long = 'x'.repeat(299) + 'yz';
    expect(formSubmitErrorMessage(long)).toBe(`Failed to submit form: ${'x'.repeat(299)}y`);
    expect(formSubmitErrorMessage('')).toBe('Failed to submit form: ');
  });

  it('lists missing environment variables', () => {
    expect(missingEnvMessage(['DATABASE_URL', 'SECRET'])).toBe('Missing env variables: DATABASE_URL, SECRET');
    expect(missingEnvMessage(['A'])).toBe('Missing env variables: A');
  });
});
