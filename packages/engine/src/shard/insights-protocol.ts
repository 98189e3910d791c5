// The messages of sharded insights' round trips (merge-insights.ts describes them): what the
// coordinator asks a shard (ShardInsights) and what the shard answers, and what a live shard adds.
import type { AccountSummary, PostSummary, SampleAccount } from '@murmur/core/insights';
import type { AudienceQuery } from '../async/async-engine';
import type { AudienceIndex } from '../postings/audience-index';
import type { InsightsOptions } from '../insights/context';

export type ResolvedInsightsOptions = Required<InsightsOptions>;

/** Sparse counts: term ids (or account numbers) and their counts, in the same order. */
export type Sparse = [ids: number[], counts: number[]];

/** The shard's term dictionary, once per coordinator (local term ids). */
export interface ShardDictionary {
  population: number;
  /** Field number (postings/fields.ts FIELDS) per term. */
  fields: number[];
  values: string[];
  labels: string[];
  /** Accounts of the shard holding the term. */
  populations: number[];
  /** Where the term was first seen in the export (BuiltShard.termOrder). */
  order: number[];
}

/** Every round trip names the audience and its total member count (the samples' thresholds). */
export interface InsightsRequest {
  audience: AudienceQuery;
  /** Members of the audience over all shards. */
  members: number;
  options: ResolvedInsightsOptions;
}

/** Round trip 2: counts over the shard's members and samples, and the shard's candidates. */
export interface InsightsPartial {
  members: number;
  analysed: number;
  /** The shard's part of the graph sample (ascending account numbers). */
  graph: number[];
  categorical: Sparse;
  profile: Sparse;
  posts: Sparse;
  verified: number;
  postCount: number;
  /** Followers of each analysed member (the summary's median). */
  followers: number[];
  withTitle: number;
  /** Per job title (local term): the lowest member with it and a job category, and that category. */
  jobs: [titles: number[], firstMember: number[], category: number[]];
  /** The shard's members' most engaged posts, most engaged first (the content wall's candidates). */
  contentWall: PostSummary[];
  /** The accounts the shard's part of the graph sample follows most: [account, count]. */
  follows: Sparse;
  /** The shard's members proposed for the community core (most followed by its graph sample). */
  core: number[];
}

export interface EngagedPart {
  posts: (PostSummary & { byAudience: number })[];
  /** `first`: the lowest engaged post of the account (the single engine's tie order). */
  accounts: (AccountSummary & { byAudience: number; first: number })[];
}

/** Round trip 3 (the whole graph sample known): engagement, follow candidates, core edges, samples. */
export interface InsightsGraphRequest extends InsightsRequest {
  graph: number[];
  /** Accounts followed by at least this many of the shard's graph sample are candidates. */
  followThreshold: number;
  /** The community core over all shards (ascending). */
  core: number[];
  sampleAccounts: number;
}
export interface InsightsGraph {
  likes: EngagedPart;
  reposts: EngagedPart;
  follows: Sparse;
  /** Per core member of this shard (in `core` order): the core members it follows, in follow order. */
  edges: [node: number, followees: number[]][];
  sampleAccounts: SampleAccount[];
}

/** Round trip 4: exact counts of the candidates, and community sizes. */
export interface InsightsResolveRequest extends InsightsRequest {
  candidates: number[];
  core: number[];
  /** Louvain's community of each core member (by position in `core`). */
  community: number[];
  communities: number;
}
export interface InsightsResolved {
  /** Per candidate: followers in the shard's part of the graph sample, and in the shard. */
  follows: number[];
  followers: number[];
  /** Graph-sample members of this shard per community (assigned as assignCommunities does). */
  sizes: number[];
}

/** Round trip 5: accounts described by their shard, profile counts of chosen communities. */
export interface InsightsDescribeRequest extends InsightsResolveRequest {
  /** Accounts of this shard (shardOf) to describe. */
  accounts: number[];
  chosen: number[];
}
export interface InsightsDescribed {
  accounts: (AccountSummary & { inAudience: boolean })[];
  /** Per chosen community: profile-term counts of its members on this shard. */
  communities: Sparse[];
}

/**
 * What a live shard's insights need beyond its version narrowed to the accounts it owns
 * (live-shard.ts `liveShardInsights`). A live shard applies every event of the log, so beside its own
 * accounts whole it holds every post, like and follow born live, whoever's: its contributions must
 * be narrowed to what it owns, where a static shard holds nothing else.
 */
export interface LiveShardParts {
  /** Whether the shard owns account `n` (ShardOwnership): its posts' engagement and its follows count here. */
  owns: (n: number) => boolean;
  /** Whether account `n` was born live: every live shard holds it whole, so any can say if it is a member. */
  bornLive: (n: number) => boolean;
  /** The version with every record the shard holds, not narrowed to the accounts it owns. */
  whole: AudienceIndex;
}

/**
 * A live shard asked about an account born live that its version does not hold yet: another shard,
 * further along the log, named it. The question is asked again (ShardedEngine), not answered with an
 * empty account.
 */
export class LiveVersionBehindError extends Error {
  override readonly name = 'LiveVersionBehindError';
  constructor(n: number) {
    super(
      `Account ${n} was born live after this replica's version: the shards stand at different log positions.`,
    );
  }
}
