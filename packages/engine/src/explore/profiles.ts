import type { AccountSummary } from '@murmur/core/insights';
import type { AudienceIndex } from '../postings/audience-index';
import { accountBio, accountSummary } from '../insights/account-summary';

/** An account as the explore tools show it: the panels' summary plus its profile. */
export interface AccountProfile extends AccountSummary {
  bio: string;
  following: number;
  /** ISO 3166-1 alpha-2 code, '' when unknown. */
  country: string;
  /** Language code ("en", "ja"), '' when unknown. */
  language: string;
}

const valueOf = (index: AudienceIndex, column: Uint32Array, n: number): string => {
  const term = column[n] ?? 0;
  return term > 0 ? index.terms.value(term - 1) : '';
};

export function accountProfile(index: AudienceIndex, n: number): AccountProfile {
  return {
    ...accountSummary(index, n),
    bio: accountBio(index, n),
    following: index.accounts.following[n] ?? 0,
    country: valueOf(index, index.columns.country, n),
    language: valueOf(index, index.columns.language, n),
  };
}

/** The members with the most followers, most first (ties: lower account number). */
export function mostFollowed(index: AudienceIndex, members: Uint32Array, limit: number): number[] {
  const best: number[] = [];
  for (const m of members) {
    const f = index.accounts.followers[m]!;
    if (best.length === limit && f <= index.accounts.followers[best[limit - 1]!]!) continue;
    let j = best.length === limit ? limit - 1 : best.length;
    while (j > 0 && index.accounts.followers[best[j - 1]!]! < f) {
      best[j] = best[j - 1]!;
      j--;
    }
    best[j] = m;
  }
  return best;
}
