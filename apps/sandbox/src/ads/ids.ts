import { combine, hashString, mix32 } from '../random/hash';

/**
 * X's ads entity ids are short base-36 strings ("8wku2" for a campaign, "18ce54d4x5t" for an ad
 * account) that grow with creation order. A sequence per entity kind starts at a seed-derived
 * five-digit value and steps by a small pseudo-random amount, so ids look like X's, sort by
 * creation and are reproducible for the same seed and the same sequence of requests.
 */
export class IdSequence {
  private value: number;
  private count = 0;
  private readonly salt: number;

  constructor(seed: string, kind: string) {
    this.salt = combine(hashString(seed), hashString(kind));
    const fiveDigits = 36 ** 4;
    this.value = fiveDigits + (this.salt % (fiveDigits * 8));
  }

  next(): string {
    this.count++;
    this.value += 1 + (mix32(this.salt ^ this.count) % 7);
    return this.value.toString(36);
  }
}

/** An 11-character ad account id derived from the seed, the owner's X id and the account's rank. */
export function seededAccountId(seed: string, ownerId: string, rank: number): string {
  const hi = combine(hashString(seed), hashString(`ads-account:${ownerId}:${rank}`));
  const lo = mix32(hi ^ hashString(`${ownerId}#${rank}`));
  const span = 35n * 36n ** 10n;
  const value = 36n ** 10n + (((BigInt(hi) << 32n) | BigInt(lo)) % span);
  return value.toString(36);
}
