import type { InsightsReport as StoredReport } from '@murmur/core/api';
import type { AccountSummary as PanelAccount, AudienceInsights } from '@murmur/core/insights';

// The insights panels as the engine returns them (camelCase). The shapes are @murmur/core/insights,
// which the engine builds them with; the web app may not import @murmur/engine, so it reads them
// from core. Only what the web adds is defined here.

export type {
  AgeGroupsPanel,
  Basis,
  CommunitiesPanel,
  Community,
  ContentWallPanel,
  ConversationTopicsPanel,
  DemographicsPanel,
  DevicesPanel,
  EngagedAccount,
  EngagedPost,
  EngagementPanel,
  InfluentialAccount,
  InfluentialPanel,
  InterestsPanel,
  JobCategoryShare,
  JobTitlesPanel,
  LocationsPanel,
  NetworkNode,
  NetworkPanel,
  PostSummary,
  SampleAccount,
  Share,
  SummaryPanel,
  TopicAnalysisPanel,
  WordsPanel,
} from '@murmur/core/insights';

/**
 * An account as the panels list it, plus a picture URL the web shows when present. `avatar_url` is
 * not in the engine's output today (shown when the server adds it); every panel's account
 * (InfluentialAccount, NetworkNode, SampleAccount, …) is assignable to this type.
 */
export type AccountSummary = PanelAccount & { avatar_url?: string | null };

/**
 * A report as the web reads it: the estimate, the baseline it was measured against (missing from
 * reports older than baselines: the whole network) plus every panel, each of which may be missing
 * from an older stored report, so the tabs treat them as optional.
 */
export type InsightsReport = Pick<StoredReport, 'estimate' | 'baseline'> & Partial<AudienceInsights>;
