import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random secret as base64url; 32 bytes = 256 bits, beyond guessing and enumeration. */
export const randomKey = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Uniformly random characters from an alphabet (randomInt avoids modulo bias). */
export function randomCode(alphabet: string, length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** Lookup hash for high-entropy secrets (session keys, tokens, magic and invite codes). */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Keyed hash: for values that must not be recomputable from a database dump alone. */
export const hmac = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('hex');

/** Constant-time string comparison, so response timing reveals nothing about a secret. */
export function safeEqual(a: string, b: string): boolean {
  // Hashing first gives equal lengths, which timingSafeEqual requires, without leaking the length.
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
