import type { AudienceInsights } from '@murmur/core/insights';
import type { AccountSet } from '../bits/account-set';
import type { Audience } from '../evaluate/evaluate';
import type { AudienceIndex } from '../index/audience-index';
import { ageGroups } from './age-groups';
import { communities } from './communities/communities';
import { network } from './communities/network';
import { contentWall } from './content-wall';
import { InsightContext, type InsightsOptions } from './context';
import { demographics } from './demographics';
import { devices } from './devices';
import { engagement } from './engagement';
import { influentialAccounts } from './influential';
import { bioWords, conversationTopics, interests, topicAnalysis } from './interests';
import { jobTitles } from './jobs';
import { locations } from './locations';
import { sampleAccounts } from './sample-accounts';
import { summary } from './summary';

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
