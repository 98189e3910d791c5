import type { AccountSet } from '../bits/account-set';
import type { Audience } from '../evaluate/evaluate';
import type { AudienceIndex } from '../index/audience-index';
import { ageGroups, type AgeGroupsPanel } from './age-groups';
import { communities, type CommunitiesPanel } from './communities/communities';
import { network, type NetworkPanel } from './communities/network';
import { contentWall, type ContentWallPanel } from './content-wall';
import { InsightContext, type InsightsOptions } from './context';
import { demographics, type DemographicsPanel } from './demographics';
import { devices, type DevicesPanel } from './devices';
import { engagement, type EngagementPanel } from './engagement';
import { influentialAccounts, type InfluentialPanel } from './influential';
import {
  bioWords,
  conversationTopics,
  interests,
  topicAnalysis,
  type ConversationTopicsPanel,
  type InterestsPanel,
  type TopicAnalysisPanel,
  type WordsPanel,
} from './interests';
import { jobTitles, type JobTitlesPanel } from './jobs';
import { locations, type LocationsPanel } from './locations';
import { sampleAccounts, type SampleAccount } from './sample-accounts';
import { summary, type SummaryPanel } from './summary';

/** Every insights panel of one audience (SPEC §1's list), each against the population. */
export interface AudienceInsights {
  summary: SummaryPanel;
  demographics: DemographicsPanel;
  ageGroups: AgeGroupsPanel;
  interests: InterestsPanel;
  conversationTopics: ConversationTopicsPanel;
  influentialAccounts: InfluentialPanel;
  communities: CommunitiesPanel;
  network: NetworkPanel;
  topicAnalysis: TopicAnalysisPanel;
  contentWall: ContentWallPanel;
  locations: LocationsPanel;
  bioWords: WordsPanel;
  jobTitles: JobTitlesPanel;
  devices: DevicesPanel;
  sampleAccounts: SampleAccount[];
  engagement: EngagementPanel;
  /** Milliseconds spent. */
  ms: number;
}

/** All panels; counts shared between panels are computed once. */
export function computeInsights(
  index: AudienceIndex,
  audience: Audience | AccountSet,
  options: InsightsOptions = {},
): AudienceInsights {
  const started = Date.now();
  const ctx = new InsightContext(index, audience, options);
  const result: Omit<AudienceInsights, 'ms'> = {
    summary: summary(ctx),
    demographics: demographics(ctx),
    ageGroups: ageGroups(ctx),
    interests: interests(ctx),
    conversationTopics: conversationTopics(ctx),
    influentialAccounts: influentialAccounts(ctx),
    communities: communities(ctx),
    network: network(ctx),
    topicAnalysis: topicAnalysis(ctx),
    contentWall: contentWall(ctx),
    locations: locations(ctx),
    bioWords: bioWords(ctx),
    jobTitles: jobTitles(ctx),
    devices: devices(ctx),
    sampleAccounts: sampleAccounts(ctx),
    engagement: engagement(ctx),
  };
  return { ...result, ms: Date.now() - started };
}
