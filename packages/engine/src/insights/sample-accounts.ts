import type { SampleAccount } from '@murmur/core/insights';
import { mix32 } from '@murmur/core/hash';
import type { AudienceIndex } from '../postings/audience-index';
import { termLabel } from './labels';
import { accountBio, accountSummary } from './account-summary';
import type { InsightContext } from './context';

/** Keeps the sample accounts' hash apart from the analysed samples' (context.ts `samples`). */
const SALT = 0x5a3c_91e7;

/**
 * The `limit` members whose sample keys (AccountColumns.sampleKey, by X id) hash lowest, lowest
 * first: a uniform bottom-k sample that names the same accounts in any index holding them, however
 * it numbers them, and that stays put as the audience changes — a member who joins or leaves moves
 * the panel only when it is, or displaces, one of the `limit`.
 */
export function lowestHashed(
  members: ArrayLike<number>,
  keys: ArrayLike<number>,
  seed: number,
  limit: number,
): number[] {
  const k = Math.min(limit, members.length);
  const picked: number[] = [];
  const hashes: number[] = [];
  if (k <= 0) return picked;
  const salt = (seed ^ SALT) >>> 0;
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    const key = keys[m]!;
    const h = mix32(key, salt);
    if (picked.length === k) {
      const last = hashes[k - 1]!;
      if (h > last || (h === last && key >= keys[picked[k - 1]!]!)) continue;
      picked.pop();
      hashes.pop();
    }
    // Insertion into the (short) sorted list; equal hashes ordered by key.
    let at = picked.length;
    while (at > 0 && (hashes[at - 1]! > h || (hashes[at - 1] === h && keys[picked[at - 1]!]! > key))) at--;
    picked.splice(at, 0, m);
    hashes.splice(at, 0, h);
  }
  return picked;
}

/** Accounts `picked` as the sample accounts panel shows them. */
export function describeSampleAccounts(index: AudienceIndex, picked: readonly number[]): SampleAccount[] {
  const label = (column: Uint32Array, n: number) => (column[n] ? termLabel(index, column[n] - 1) : '');
  return picked.map((n) => ({
    ...accountSummary(index, n),
    bio: accountBio(index, n),
    country: label(index.columns.country, n),
    language: label(index.columns.language, n),
  }));
}

/** A few members picked at random, by X id (`lowestHashed`), so that the panel is stable. */
export function sampleAccounts(ctx: InsightContext, limit = 12): SampleAccount[] {
  const { index, members } = ctx;
  return describeSampleAccounts(
    index,
    lowestHashed(members, index.accounts.sampleKey, ctx.options.seed, limit),
  );
}
