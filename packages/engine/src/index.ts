// @murmur/engine — the audience engine (ARCHITECTURE §3). See README.md for the index layout.
export { createInMemoryEngine, inMemoryEngine, type AudienceEngine, type AudienceEstimate } from './engine';
export { buildIndex, type ExportSource } from './build/build-index';
export type { BuildOptions } from './build/record-sink';
export type { KeepPostText } from './build/post-builder';
export { evaluate, type Audience, type EvaluateOptions, type Exclusion } from './evaluate/evaluate';
export type { UnmatchedItem } from './evaluate/selected';
export { registerCustomAudience, removeCustomAudience } from './evaluate/custom-audiences';
export { sizeBucketOf } from './evaluate/size-bucket';
export { EmptyTargetingError, ExportFormatError } from './errors';
export { AccountSet } from './bits/account-set';
export type { AudienceIndex, IndexStats } from './index/audience-index';
export { EXPORT_FORMAT, SUPPORTED_VERSIONS } from './parse/header';
export { tokenise, tokens } from './text/tokenise';

export { computeInsights, type AudienceInsights } from './insights/insights';
export { InsightContext, type InsightsOptions } from './insights/context';
export type { Basis, Share } from './insights/share';
export type { AccountSummary } from './insights/account-summary';
export type { PostSummary } from './insights/post-summary';
export { summary, type SummaryPanel } from './insights/summary';
export { demographics, type DemographicsPanel } from './insights/demographics';
export { ageGroups, type AgeGroupsPanel } from './insights/age-groups';
export {
  interests,
  conversationTopics,
  bioWords,
  topicAnalysis,
  type InterestsPanel,
  type ConversationTopicsPanel,
  type WordsPanel,
  type TopicAnalysisPanel,
} from './insights/interests';
export { influentialAccounts, type InfluentialAccount, type InfluentialPanel } from './insights/influential';
export { communities, type CommunitiesPanel, type Community } from './insights/communities/communities';
export { network, type NetworkPanel, type NetworkNode } from './insights/communities/network';
export { louvain, modularity, type LouvainResult } from './insights/communities/louvain';
export { undirected, type WeightedGraph } from './insights/communities/graph';
export { contentWall, type ContentWallPanel } from './insights/content-wall';
export {
  engagement,
  type EngagementPanel,
  type EngagedAccount,
  type EngagedPost,
} from './insights/engagement';
export { locations, type LocationsPanel } from './insights/locations';
export { jobTitles, type JobTitlesPanel, type JobCategoryShare } from './insights/jobs';
export { devices, type DevicesPanel } from './insights/devices';
export { sampleAccounts, type SampleAccount } from './insights/sample-accounts';
export { compareAudiences, type AudienceComparison, type Difference } from './insights/compare';
export { lookup, type LookupField, type LookupResult } from './lookup/autocomplete';
export { coreAudienceCount } from './lookup/core-audience';
export type * from './explore/explore';
