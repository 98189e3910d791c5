import type { AudienceInsights } from '@murmur/core/insights';
import type { AccountSet } from '../bits/account-set';
import type { Audience } from '../evaluate/evaluate';
import type { AudienceIndex } from '../postings/audience-index';
import { ageGroups } from './age-groups';
import { communities } from './communities/communities';
import { network } from './communities/network';
import { contentWall } from './content-wall';
import { baselineOf } from './baseline';
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

type Panels = Omit<AudienceInsights, 'ms'>;

/**
 * Every panel of the full report, in the order computeInsights runs them (the benches time each one
 * from this table too).
 */
export const INSIGHT_PANELS: { [K in keyof Panels]: (ctx: InsightContext) => Panels[K] } = {
  summary,
  demographics,
  ageGroups,
  interests,
  conversationTopics,
  influentialAccounts,
  communities,
  network,
  topicAnalysis,
  contentWall,
  locations,
  bioWords,
  jobTitles,
  devices,
  sampleAccounts,
  engagement,
};

/**
 * All panels; counts shared between panels are computed once. Shares and affinities are measured
 * against `baseline` (an account set: a country, another audience) or, without one, against the
 * whole network from the index's precomputed counts.
 */
export function computeInsights(
  index: AudienceIndex,
  audience: Audience | AccountSet,
  options: InsightsOptions = {},
  baseline?: AccountSet,
): AudienceInsights {
  const started = Date.now();
  const ctx = new InsightContext(index, audience, options, baselineOf(index, baseline, options));
  // Each key of INSIGHT_PANELS is a panel of the report and its function returns that panel's type.
  const result = Object.fromEntries(
    Object.entries(INSIGHT_PANELS).map(([name, panel]) => [name, panel(ctx)]),
  ) as unknown as Panels;
  return { ...result, ms: Date.now() - started };
}
