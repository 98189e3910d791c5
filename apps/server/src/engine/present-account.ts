import type { AccountSummary, Estimate } from '@murmur/core/api';
import type { AccountProfile, AudienceEngine } from '@murmur/engine';

/** An estimate of nobody, for a tool whose input matched nothing. */
export const EMPTY_ESTIMATE: Estimate = {
  sample_count: 0,
  population_estimate: 0,
  size_bucket: '<1M',
  unmatched: [],
  handles_truncated: false,
  figure: { kind: 'estimate', value: 0, low: 0, high: 0, sample: 0, sample_size: 0, rate: 1 },
};

export function presentAccount(profile: AccountProfile): AccountSummary {
  return {
    id: profile.id,
    handle: profile.handle,
    name: profile.name,
    bio: profile.bio,
    followers_count: profile.followers,
    following_count: profile.following,
    verified: profile.verified,
    country: profile.country,
    language: profile.language,
  };
}

/** Account numbers as API account summaries. */
export const presentAccounts = (engine: AudienceEngine, accounts: ArrayLike<number>): AccountSummary[] =>
  engine.explore.profiles(accounts).map(presentAccount);
