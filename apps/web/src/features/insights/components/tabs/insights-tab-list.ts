import type { ComponentType } from 'react';
import type { InsightsReport } from '@/features/insights/types';
import { ContentWallTab } from './content-wall-tab';
import { ConversationTab } from './conversation-tab';
import { DemographicsTab } from './demographics-tab';
import { JobTitlesTab } from './job-titles-tab';
import { NetworkTab } from './network-tab';
import { SummaryTab } from './summary-tab';
import { TopicAnalysisTab } from './topic-analysis-tab';

/** SPEC §2's insights tabs (pro targeting belongs to the pro-targeting site). */
export const INSIGHTS_TABS = [
  'summary',
  'demographics',
  'conversation',
  'jobTitles',
  'network',
  'topicAnalysis',
  'contentWall',
] as const;
export type InsightsTab = (typeof INSIGHTS_TABS)[number];

export const isInsightsTab = (value: unknown): value is InsightsTab =>
  typeof value === 'string' && (INSIGHTS_TABS as readonly string[]).includes(value);

export const TAB_LABEL_KEYS = {
  summary: 'insights.tabs.summary',
  demographics: 'insights.tabs.demographics',
  conversation: 'insights.tabs.conversation',
  jobTitles: 'insights.tabs.jobTitles',
  network: 'insights.tabs.network',
  topicAnalysis: 'insights.tabs.topicAnalysis',
  contentWall: 'insights.tabs.contentWall',
} as const satisfies Record<InsightsTab, string>;

/** Tabs a signed-out visitor sees; the others say 'Sign in to access more data' (SPEC §6). */
export const PUBLIC_TABS: ReadonlySet<InsightsTab> = new Set(['summary', 'demographics']);

export const TAB_COMPONENTS: Record<InsightsTab, ComponentType<{ report: InsightsReport }>> = {
  summary: SummaryTab,
  demographics: DemographicsTab,
  conversation: ConversationTab,
  jobTitles: JobTitlesTab,
  network: NetworkTab,
  topicAnalysis: TopicAnalysisTab,
  contentWall: ContentWallTab,
};
