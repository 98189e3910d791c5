import { createHash } from 'node:crypto';

/**
 * RFC 7636 §4.1 asks for 43–128 unreserved characters; X accepts shorter ones (its own docs use the
 * verifier "challenge" with method plain), so only the character set and the maximum are enforced.
 */
const VERIFIER = /^[A-Za-z0-9\-._~]{1,128}$/;

export type ChallengeMethod = 'S256' | 'plain';

/** The method a client named; X and twitter-api-v2 also write "s256". Null when unsupported. */
export function challengeMethod(raw: string | undefined): ChallengeMethod | null {
  if (raw === undefined || raw === '' || raw.toLowerCase() === 'plain') return 'plain';
  return raw.toUpperCase() === 'S256' ? 'S256' : null;
}

/** Whether `verifier` answers `challenge` (S256: BASE64URL(SHA256(verifier)); plain: equality). */
export function verifierMatches(
  verifier: string | undefined,
  challenge: string,
  method: ChallengeMethod,
): boolean {
  if (!verifier || !VERIFIER.test(verifier)) return false;
  const derived = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return derived === challenge;
}
