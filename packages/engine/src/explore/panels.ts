import type { AudienceInsights } from '@murmur/core/insights';
import type { AccountSet } from '../bits/account-set';
import type { Audience } from '../evaluate/evaluate';
import type { AudienceIndex } from '../postings/audience-index';
import { ageGroups } from '../insights/age-groups';
import { InsightContext, type InsightsOptions } from '../insights/context';
import { demographics } from '../insights/demographics';
import { influentialAccounts } from '../insights/influential';
import { bioWords, conversationTopics, interests, topicAnalysis } from '../insights/interests';
import { locations } from '../insights/locations';
import { summary } from '../insights/summary';
import { giveScratch, takeScratch } from '../util/scratch';

const PANELS = {
  summary,
  demographics,
  ageGroups,
  interests,
  conversationTopics,
  influentialAccounts,
  topicAnalysis,
  locations,
  bioWords,
};

/** The insights panels that can be computed on their own, without the whole report. */
export type PanelName = keyof typeof PANELS;

/**
 * Some panels of an audience, sharing one InsightContext: the explore tools show two or three
 * panels, and skipping Louvain and the engagement pass keeps them interactive.
 */
export function somePanels<K extends PanelName>(
  index: AudienceIndex,
  audience: Audience | AccountSet,
  names: readonly K[],
  options?: InsightsOptions,
): Pick<AudienceInsights, K> {
  // The panels' short-lived arrays from this thread's kept scratch, as insightSteps does (the
  // history computes many such points in a row).
  const scratch = takeScratch();
  const ctx = new InsightContext(index, audience, options, undefined, scratch);
  // None of these panels reads the follows beyond the influential panel's counts.
  ctx.keepsFollows = false;
  const panels = Object.fromEntries(names.map((name) => [name, PANELS[name](ctx)]));
  giveScratch(scratch);
  return panels as Pick<AudienceInsights, K>;
}
