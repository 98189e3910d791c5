// What each shard operation carries (the wire itself, NATS request/reply, is @murmur/engine-cluster's
// protocol.ts): here, because the pure merge of shard answers (merge-insights.ts) is typed by it.
import type { AudienceQuery } from '../async/async-engine';
import type { CategoricalField } from '../postings/fields';
import type { LookupField } from '../lookup/autocomplete';
import type {
  InsightsDescribeRequest,
  InsightsGraphRequest,
  InsightsRequest,
  InsightsResolveRequest,
} from './shard-insights';
import type {
  LookalikeCountRequest,
  LookalikeDescribeRequest,
  LookalikeJointRequest,
  LookalikeKeysRequest,
  LookalikePopulationRequest,
  LookalikeRankRequest,
} from '../lookalike/shard-lookalike';

/**
 * A request of one insights or lookalike question to a live shard (live-questions.ts): `question`
 * names the version the replica pinned when it answered the question's dictionary. A static shard
 * ignores it.
 */
export type Asked<T> = T & { question?: string | undefined };

export interface ShardRequests {
  estimate: Asked<AudienceQuery>;
  fieldCounts: { audience: AudienceQuery; fields?: readonly CategoricalField[] | undefined };
  lookup: { field: LookupField; q: string; limit?: number | undefined };
  ping: null;
  /** Overlap of 2–50 audiences (overlap/overlap-many.ts): every count sums over the shards. */
  overlapMany: { audiences: readonly AudienceQuery[] };
  /**
   * Insights (shard-insights.ts, merge-insights.ts): the term dictionary (a live shard's per question,
   * live-questions.ts), then four round trips.
   */
  insightsDictionary: { question: string } | null;
  insightsPartial: Asked<InsightsRequest>;
  insightsGraph: Asked<InsightsGraphRequest>;
  insightsResolve: Asked<InsightsResolveRequest>;
  insightsDescribe: Asked<InsightsDescribeRequest>;
  /**
   * Lookalikes (lookalike/shard-lookalike.ts, merge-lookalike.ts): after the term dictionary (a live
   * shard's per question), the seed's sample keys, counts, rankings, descriptions.
   */
  lookalikeKeys: Asked<LookalikeKeysRequest>;
  lookalikeCount: Asked<LookalikeCountRequest>;
  lookalikePopulation: Asked<LookalikePopulationRequest>;
  lookalikeRank: Asked<LookalikeRankRequest>;
  lookalikeDescribe: Asked<LookalikeDescribeRequest>;
  lookalikeJoint: Asked<LookalikeJointRequest>;
  /**
   * A live question answered (a lookalike's, or one given up): the replica releases the version it
   * pinned for it (LiveShardQuestions.finish). Nothing for a static shard.
   */
  questionFinish: { question: string };
  /**
   * A census of the network's communities (insights/communities/census.ts): which core accounts of a
   * partition each shard holds, then each shard's census given those present anywhere.
   */
  censusCore: { core: number[] };
  communityCensus: { partition: WirePartition; presentCore: number[] };
  /**
   * How far a live shard has applied the live log, per partition (null from a static shard): the
   * API re-counts what it keeps over the shards' accounts (the communities' census) as they move.
   */
  liveStatus: null;
}

/** A CommunityPartition as JSON carries it (plain arrays). */
export interface WirePartition {
  core: number[];
  community: number[];
  listed: number[];
}
export type ShardOp = keyof ShardRequests;
