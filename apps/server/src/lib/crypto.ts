import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** A random secret as base64url; 32 bytes = 256 bits, beyond guessing and enumeration. */
export const randomKey = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Uniformly random characters from an alphabet (randomInt avoids modulo bias). */
export function randomCode(alphabet: string, length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** Lookup hash for high-entropy secrets (session keys, tokens, magic and invite codes). */
// crypto.hash (one shot, Node ≥ 20.12) is several times cheaper than a Hash object for short input,
// and one runs on every authenticated request.
export const sha256 = (value: string): string => hash('sha256', value, 'hex');

/** The same hash as bytes (`sha256Digest(v).toString('hex') === sha256(v)`), for constant-time comparison. */
export const sha256Digest = (value: string): Buffer => hash('sha256', value, 'buffer');

/** Keyed hash: for values that must not be recomputable from a database dump alone. */
export const hmac = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('hex');

/** Constant-time string comparison, so response timing reveals nothing about a secret. */
export function safeEqual(a: string, b: string): boolean {
  // Hashing first gives equal lengths, which timingSafeEqual requires, without leaking the length.
  return timingSafeEqual(hash('sha256', a, 'buffer'), hash('sha256', b, 'buffer'));
}

/**
 * AES-256-GCM with a key derived from `secret` and `purpose`: for secrets that must be stored
 * recoverable for a while (mail waiting in the outbox) without being readable from a dump alone.
 * Output: base64url of IV (12 bytes) + tag (16 bytes) + ciphertext.
 */
export function seal(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plaintext of `seal`; throws when the value was altered or sealed with another secret. */
export function unseal(secret: string, purpose: string, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(secret, purpose), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

const sealKey = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`seal:${purpose}`).digest();
