import { randomBytes } from 'node:crypto';

/** An unguessable URL-safe token (base64url of `bytes` random bytes). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Alphanumeric only, for OAuth 1.0a values that some clients do not percent-encode. */
export const randomAlnum = (length: number): string => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
};
