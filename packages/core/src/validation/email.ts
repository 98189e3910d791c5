import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../api/constants';

// SPEC §5: the same simple pattern and message the API schemas use, so client and server agree.
export { EMAIL_MESSAGE, EMAIL_PATTERN } from '../api/constants';

/** SPEC §5: a simple name@host.tld address (surrounding spaces ignored), at most 254 characters. */
export function isValidEmail(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
