import type { Steps } from '../util/steps';
import type { AudienceIndex } from '../postings/audience-index';

/**
 * What one kind of audience count is compared with: how many accounts of the baseline hold a term
 * (or follow an account), among `base` accounts. `sampled` says the counts come from a uniform sample
 * of the baseline, so its share carries sample uncertainty of its own.
 */
export interface ReferenceCounts {
  count(id: number): number;
  base: number;
  sampled: boolean;
}

/**
 * The baseline an audience's shares and affinities are measured against, one set of counts per kind
 * of tally (the audience's members, its analysed sample's profile and post terms, its graph sample's
 * follows). Computed lazily: a panel pays only for the counts it reads.
 */
export interface InsightBaseline {
  /** The whole network (true) or a chosen account set. */
  readonly network: boolean;
  /** Accounts in the baseline. */
  readonly size: number;
  /** Single-valued fields (demographics, locations, devices, jobs): counted over every account. */
  members(): ReferenceCounts;
  /** Profile terms (interests, topics, movies/TV, bio words). */
  profile(): ReferenceCounts;
  /** Post terms (words and hashtags). */
  posts(): ReferenceCounts;
  /** Followers of an account (by account number) within the baseline. */
  followers(): ReferenceCounts;
  /** Counts everything the panels read, in steps (a report in slices runs it first); none: nothing to count. */
  prepare?(): Steps<void>;
}

/**
 * The whole network: every count is the index's precomputed one (a posting's length, an account's
 * follower count), so insights without a chosen baseline cost nothing extra.
 */
export function networkBaseline(index: AudienceIndex): InsightBaseline {
  const terms: ReferenceCounts = {
    count: (t) => index.postings.count(t),
    base: index.population,
    sampled: false,
  };
  const followers: ReferenceCounts = {
    count: (n) => index.followers.count(n),
    base: index.population,
    sampled: false,
  };
  return {
    network: true,
    size: index.population,
    members: () => terms,
    profile: () => terms,
    posts: () => terms,
    followers: () => followers,
  };
}
