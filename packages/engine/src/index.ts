// @murmur/engine — the audience engine (ARCHITECTURE §3). See README.md for the index layout.
export {
  createInMemoryEngine,
  createSharedEngine,
  engineFromShared,
  inMemoryEngine,
  shareEngine,
  sharedEngineFrom,
  type AudienceEngine,
  type AudienceEstimate,
  type SharedCustomAudiences,
  type SharedEngine,
  type WorkerEngine,
} from './engine';
export {
  inProcessAsyncEngine,
  isPromise,
  type AsyncAudienceEngine,
  type AudienceQuery,
  type MaybePromise,
} from './async/async-engine';
export {
  fieldCounts,
  mergeFieldCounts,
  sharesOf,
  type FieldCounts,
  type ValueCount,
} from './async/field-counts';
export {
  accountSetFromShared,
  indexFromShared,
  shareIndex,
  toSharedAccountSet,
  type SharedAccountSet,
  type SharedIndex,
} from './share/share-index';
export { buildIndex, type ExportSource } from './ingest/build-index';
export {
  readSnapshot,
  readSnapshotManifest,
  SNAPSHOT_FORMAT,
  SnapshotError,
  writeSnapshot,
  type SnapshotExtra,
  type SnapshotManifest,
  type SnapshotShard,
} from './snapshot/snapshot-file';
export type { BuildOptions } from './ingest/record-sink';
export type { KeepPostText } from './ingest/post-builder';
export {
  countAudience,
  evaluate,
  type Audience,
  type EvaluateOptions,
  type Exclusion,
} from './evaluate/evaluate';
export type { UnmatchedItem } from './evaluate/selected';
export {
  HOLDOUT_SALT,
  HOLDOUT_SHARE,
  lookalike,
  LOOKALIKE_MIN_SEED,
  LOOKALIKE_SAMPLES,
  LOOKALIKE_SIZES,
  type FeatureKind,
  type Lookalike,
  type LookalikeOptions,
  type LookalikePercent,
  type LookalikeReason,
  type LookalikeSample,
  type LookalikeSize,
} from './lookalike/index';
export { registerCustomAudience, removeCustomAudience } from './evaluate/custom-audiences';
export { sizeBucketOf } from './evaluate/size-bucket';
export {
  EmptyTargetingError,
  ExportFormatError,
  ShardOpUnsupportedError,
  ShardUnavailableError,
} from './errors';
export {
  createEmptyLiveEngine,
  createLiveEngine,
  liveEngine,
  LIVE_BUILD_OPTIONS,
  type LiveAudienceEngine,
  type PinnedEngine,
  type LiveEngineOptions,
  type ApplySliceOptions,
} from './live/live-engine';
export { LIVE_SLICE_MS } from './live/live-types';
export {
  LiveIndex,
  LiveIndexError,
  type CompactionProgress,
  type LiveOptions,
  type LiveState,
  type LiveStats,
  type StreamPosition,
} from './live/live-index';
export {
  liveEngineFromShared,
  readLiveSnapshot,
  shareLiveEngine,
  shareLiveEngineSteps,
  writeLiveSnapshot,
  type SharedLiveEngine,
  type ShareStepOptions,
} from './live/live-snapshot';
export { SHARE_STEP_WORDS } from './live/live-share';
export type { FoldListener, FoldMessage, SharedFold } from './live/fold-share';
// The pure half of sharding (the NATS wiring, replicas and the sharded engine are @murmur/engine-cluster):
// narrowing a built index to a shard, a shard's partial answers, and their exact merge.
export {
  buildShard,
  buildShardIndex,
  buildShardRecords,
  ownedPart,
  shardOf,
  shardRecords,
  type BuiltShard,
  type ShardSpec,
} from './shard/shard-index';
export {
  BORN_LIVE_ORDER,
  ShardInsights,
  LiveVersionBehindError,
  termOrderOf,
  type LiveShardParts,
  type InsightsDescribeRequest,
  type InsightsGraphRequest,
  type InsightsRequest,
  type InsightsResolveRequest,
  type ShardDictionary,
} from './shard/shard-insights';
export { MergedDictionary, proportional, shardedInsights, type ShardAsker } from './shard/merge-insights';
export { ShardLookalike } from './lookalike/shard-lookalike';
export { shardedLookalike } from './lookalike/merge-lookalike';
export { mergeEstimates } from './shard/merge-estimates';
export {
  createLiveShardEngine,
  liveShardInsights,
  liveShardLookalike,
  liveShardVersion,
  readLiveShardSnapshot,
  ShardOwnership,
  writeLiveShardSnapshot,
  type LiveShardEngine,
  type LiveShardVersion,
} from './shard/live-shard';
export { LiveShardQuestions, UnknownQuestionError, type LiveQuestionsOptions } from './shard/live-questions';
export type { Asked, ShardOp, ShardRequests, WirePartition } from './shard/shard-requests';
export { AccountSet } from './bits/account-set';
export type { AudienceIndex, IndexStats } from './postings/audience-index';
export { CATEGORICAL_FIELDS, POST_FIELDS, PROFILE_FIELDS, type CategoricalField } from './postings/fields';
export { EXPORT_FORMAT, SUPPORTED_VERSIONS } from './parse/header';
export { tokenise, tokens } from './text/tokenise';

export { computeInsights, computeInsightsInSlices, insightSteps, INSIGHT_PANELS } from './insights/insights';
export { finish, inSlices, type SliceOptions, type Steps } from './util/steps';
export { InsightContext, type InsightsOptions } from './insights/context';
export { carryStats, forgetCarries, CARRY_BYTES } from './insights/tally-carry';
export { baselineOf, setBaseline } from './insights/baseline';
export { networkBaseline, type InsightBaseline, type ReferenceCounts } from './insights/reference';
export { summary } from './insights/summary';
export { demographics } from './insights/demographics';
export { ageGroups } from './insights/age-groups';
export { interests, conversationTopics, bioWords, topicAnalysis } from './insights/interests';
export { influentialAccounts } from './insights/influential';
export { communities } from './insights/communities/communities';
export { network } from './insights/communities/network';
export { louvain, modularity, type LouvainResult } from './insights/communities/louvain';
export { undirected, type WeightedGraph } from './insights/communities/graph';
export { contentWall } from './insights/content-wall';
export { engagement } from './insights/engagement';
export { locations } from './insights/locations';
export { jobTitles } from './insights/jobs';
export { devices } from './insights/devices';
export { sampleAccounts } from './insights/sample-accounts';
export { compareAudiences } from './insights/compare';
// The overlap of 2–50 audiences (exact counts from the bitsets) and the reach planner.
export {
  MAX_OVERLAP_SETS,
  mergeOverlapCounts,
  overlapMany,
  pairIndex,
  setsOf,
  type OverlapCounts,
} from './overlap/overlap-many';
export { planReach, topCombinations, type OverlapCombination, type ReachStep } from './overlap/reach-plan';
export { summariseOverlap, type OverlapSummary } from './overlap/overlap-summary';
export { canonicalJson, EvaluatedSets, overlapOfQueries } from './overlap/evaluated-sets';
// The output shapes (AudienceInsights, every panel, Share, Basis, AccountSummary, PostSummary,
// AudienceComparison, Difference) live in @murmur/core/insights, as the web app reads them too.
export type * from '@murmur/core/insights';
export { lookup, type LookupField, type LookupResult } from './lookup/autocomplete';
export { coreAudienceCount } from './lookup/core-audience';
export type * from './explore/explore';
// A network census over shards (scale-out): each shard's part, merged as the single engine's.
export { mergeCensuses, shardCensus, type ShardCensus } from './insights/communities/census';
