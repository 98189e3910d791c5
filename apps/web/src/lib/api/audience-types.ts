import type {
  AccountSummary,
  AudienceConfig,
  AutocompleteResponse,
  Estimate,
  Job as CoreJob,
  Location,
  Sentiment,
} from '@murmur/core/api';

// The audience API's shapes (docs/API-AUDIENCES.md) come from the server's zod schemas in
// @murmur/core/api; the few the contract leaves open (a job's result, engine panels) are typed here.
export type {
  AccountSummary,
  AudienceCategory,
  AudienceConfig,
  AudienceConfigKind,
  AudienceRegion,
  AutocompleteField,
  CatalogueItem,
  CommunitySummary,
  Estimate,
  ExploreResult,
  Sentiment,
  StoreAudience,
  ValidateHandleResult,
} from '@murmur/core/api';

/** A job whose result is known by its kind. */
export type Job<R = unknown> = Omit<CoreJob, 'result'> & { result: R | null };

export type AutocompleteResult = AutocompleteResponse['results'][number];
export type LocationItem = Location;

/** A page of a list endpoint. */
export interface Page<T> {
  count: number;
  next: string | null;
  results: T[];
}
export type AudienceConfigPage = Page<AudienceConfig>;

/** The perspectives job's result: the engine's AudienceComparison (@murmur/core/insights). */
export type { AudienceComparison, Difference as AudienceDifference } from '@murmur/core/insights';

export interface TopicPost {
  id: string;
  text: string;
  author: AccountSummary;
  created: string;
  likes: number;
  reposts: number;
  sentiment: Sentiment;
  score: number;
}

export interface TopicPosts {
  posts: TopicPost[];
  sentiment: Record<Sentiment, number>;
}

export interface HandleAnalysis {
  account: AccountSummary;
  followers: Estimate;
  demographics: unknown;
  interests: unknown;
  top_hashtags: unknown;
  posting_hours: number[];
}
