import type { Estimate } from '@murmur/core/api';
import type { SizeBucket } from '@murmur/core/targeting';
import type { ShareDatum } from '../../components/charts/types';

// The insights panels as the engine returns them (packages/engine/src/insights/*.ts, camelCase).
// @murmur/core/api types a report only as `{ estimate } & unknown panels`, and the web app imports
// nothing from @murmur/engine, so the panel shapes are mirrored here from the engine's output types.
// Keep them in step with the engine: a renamed field shows up as an empty panel, not a crash.

export type Share = ShareDatum;

/** Which members a panel covers: all of them or a uniform sample. */
export interface Basis {
  members: number;
  analysed: number;
  sampled: boolean;
}

export interface AccountSummary {
  account: number;
  id: string;
  handle: string;
  name: string;
  followers: number;
  verified: boolean;
  /** Not in the engine's output today; shown when the server adds it. */
  avatar_url?: string | null;
}

export interface PostSummary {
  post: number;
  id: string;
  at: string;
  text: string;
  author: AccountSummary;
  likes: number;
  reposts: number;
  replies: number;
}

export interface SummaryPanel {
  sampleCount: number;
  populationEstimate: number;
  sizeBucket: SizeBucket;
  reach: number;
  verifiedShare: number;
  medianFollowers: number;
  posts: number;
}

export interface DemographicsPanel {
  basis: Basis;
  gender: Share[];
  ageBands: Share[];
  languages: Share[];
  countries: Share[];
  regions: Share[];
}

export interface AgeGroupsPanel {
  basis: Basis;
  bands: Share[];
  over: Share[];
  unknown: number;
}

export interface InterestsPanel {
  basis: Basis;
  interests: Share[];
  distinctive: Share[];
}

export interface ConversationTopicsPanel {
  basis: Basis;
  topics: Share[];
  moviesTv: Share[];
}

export interface InfluentialAccount extends AccountSummary {
  followersInAudience: number;
  share: number;
  populationShare: number;
  affinity: number | null;
  inAudience: boolean;
}

export interface InfluentialPanel {
  basis: Basis;
  accounts: InfluentialAccount[];
  distinctive: InfluentialAccount[];
}

export interface Community {
  id: number;
  name: string;
  size: number;
  share: number;
  coreSize: number;
  interests: Share[];
  words: Share[];
  topAccounts: (AccountSummary & { followersInCommunity: number })[];
}

export interface CommunitiesPanel {
  basis: Basis;
  nodes: number;
  edges: number;
  modularity: number;
  communities: Community[];
  otherShare: number;
}

export interface NetworkNode extends AccountSummary {
  community: number;
  followersInCore: number;
}

export interface NetworkPanel {
  nodes: NetworkNode[];
  edges: [number, number][];
}

export interface TopicAnalysisPanel {
  basis: Basis;
  hashtags: Share[];
  terms: Share[];
  distinctiveTerms: Share[];
}

export interface ContentWallPanel {
  posts: PostSummary[];
}

export interface LocationsPanel {
  basis: Basis;
  countries: Share[];
  regions: Share[];
  cities: Share[];
}

export interface WordsPanel {
  basis: Basis;
  words: Share[];
  distinctive: Share[];
}

export interface JobCategoryShare extends Share {
  titles: Share[];
}

export interface JobTitlesPanel {
  basis: Basis;
  categories: JobCategoryShare[];
  withTitle: number;
}

export interface DevicesPanel {
  basis: Basis;
  devices: Share[];
  networkOperators: Share[];
}

export interface SampleAccount extends AccountSummary {
  bio: string;
  country: string;
  language: string;
}

export interface EngagedPost extends PostSummary {
  byAudience: number;
}

export interface EngagedAccount extends AccountSummary {
  byAudience: number;
}

export interface EngagementPanel {
  basis: Basis;
  mostLikedPosts: EngagedPost[];
  mostLikedAccounts: EngagedAccount[];
  mostRepostedPosts: EngagedPost[];
  mostRepostedAccounts: EngagedAccount[];
}

/** A report: every panel (each may be missing from an older stored report) plus the estimate. */
export interface InsightsReport {
  estimate: Estimate;
  summary?: SummaryPanel;
  demographics?: DemographicsPanel;
  ageGroups?: AgeGroupsPanel;
  interests?: InterestsPanel;
  conversationTopics?: ConversationTopicsPanel;
  influentialAccounts?: InfluentialPanel;
  communities?: CommunitiesPanel;
  network?: NetworkPanel;
  topicAnalysis?: TopicAnalysisPanel;
  contentWall?: ContentWallPanel;
  locations?: LocationsPanel;
  bioWords?: WordsPanel;
  jobTitles?: JobTitlesPanel;
  devices?: DevicesPanel;
  sampleAccounts?: SampleAccount[];
  engagement?: EngagementPanel;
  ms?: number;
}
