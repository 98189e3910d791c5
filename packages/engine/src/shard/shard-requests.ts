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
  LookalikePopulationRequest,
  LookalikeRankRequest,
} from '../lookalike/shard-lookalike';

export interface ShardRequests {
  estimate: AudienceQuery;
  fieldCounts: { audience: AudienceQuery; fields?: readonly CategoricalField[] | undefined };
  lookup: { field: LookupField; q: string; limit?: number | undefined };
  ping: null;
  /** Overlap of 2–50 audiences (overlap/overlap-many.ts): every count sums over the shards. */
  overlapMany: { audiences: readonly AudienceQuery[] };
  /** Insights (shard-insights.ts, merge-insights.ts): the term dictionary, then four round trips. */
  insightsDictionary: null;
  insightsPartial: InsightsRequest;
  insightsGraph: InsightsGraphRequest;
  insightsResolve: InsightsResolveRequest;
  insightsDescribe: InsightsDescribeRequest;
  /** Lookalikes (lookalike/shard-lookalike.ts, merge-lookalike.ts): counts, rankings, descriptions. */
  lookalikeCount: LookalikeCountRequest;
  lookalikePopulation: LookalikePopulationRequest;
  lookalikeRank: LookalikeRankRequest;
  lookalikeDescribe: LookalikeDescribeRequest;
  lookalikeJoint: LookalikeJointRequest;
}
export type ShardOp = keyof ShardRequests;
