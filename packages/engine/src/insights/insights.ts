import type { AudienceInsights } from '@murmur/core/insights';
import type { AccountSet } from '../bits/account-set';
import type { Audience } from '../evaluate/evaluate';
import type { AudienceIndex } from '../postings/audience-index';
import { ageGroups } from './age-groups';
import { giveScratch, takeScratch } from '../util/scratch';
import { finish, inSlices, type SliceOptions, type Steps } from '../util/steps';
import { communities, listedSteps } from './communities/communities';
import { network } from './communities/network';
import { contentWall } from './content-wall';
import { baselineOf } from './baseline';
import { InsightContext, type InsightsOptions } from './context';
import { demographics } from './demographics';
import { devices } from './devices';
import { categoricalCountSteps, followTallySteps, postCountSteps, profileCountSteps } from './counts';
import { engagement, engagementSteps } from './engagement';
import { influentialAccounts } from './influential';
import { bioWords, conversationTopics, interests, topicAnalysis } from './interests';
import { jobTitles } from './jobs';
import { locations } from './locations';
import { sampleAccounts } from './sample-accounts';
import { summary, summarySteps } from './summary';

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
 * The panels whose work is cut into steps (blocks of members, a community at a time): each gives the
 * panel itself, after its shared counts. The others are one step each (a few ms or less).
 */
export const PANEL_STEPS: { [K in keyof Panels]?: (ctx: InsightContext) => Steps<Panels[K]> } = {
  summary: summarySteps,
  *demographics(ctx) {
    yield* categoricalCountSteps(ctx);
    return demographics(ctx);
  },
  *interests(ctx) {
    yield* profileCountSteps(ctx);
    return interests(ctx);
  },
  *influentialAccounts(ctx) {
    yield* followTallySteps(ctx);
    return influentialAccounts(ctx);
  },
  *communities(ctx) {
    return (yield* listedSteps(ctx)).panel;
  },
  *topicAnalysis(ctx) {
    yield* postCountSteps(ctx);
    return topicAnalysis(ctx);
  },
  engagement: (ctx) => engagementSteps(ctx),
};

/**
 * The whole report in steps: the panels in INSIGHT_PANELS' order, each after its own steps, with a
 * pause point between panels. Run straight through it is computeInsights; run in slices
 * (computeInsightsInSlices) it gives the same report, provided the index does not change meanwhile.
 */
export function* insightSteps(
  index: AudienceIndex,
  audience: Audience | AccountSet,
  options: InsightsOptions = {},
  baseline?: AccountSet,
): Steps<AudienceInsights> {
  const started = Date.now();
  const reference = baselineOf(index, baseline, options);
  yield* reference.prepare?.() ?? [];
  // The panels' short-lived arrays come from a scratch kept between this thread's reports, given
  // back once the report is built (its panels are plain values that hold none of them). A report
  // abandoned part way never gives it back: the next takes another.
  const scratch = takeScratch();
  const ctx = new InsightContext(index, audience, options, reference, scratch);
  yield;
  const result: Partial<Record<keyof Panels, unknown>> = {};
  for (const name of Object.keys(INSIGHT_PANELS) as (keyof Panels)[]) {
    const steps = PANEL_STEPS[name];
    result[name] = steps ? yield* steps(ctx) : INSIGHT_PANELS[name](ctx);
    yield;
  }
  giveScratch(scratch);
  // Every key of INSIGHT_PANELS is filled with its panel's value.
  return { ...(result as Panels), ms: Date.now() - started };
}

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
  return finish(insightSteps(index, audience, options, baseline));
}

/**
 * computeInsights in slices of about `slices.sliceMs` (default 4 ms), turning the event loop
 * between them (util/steps.ts). The index must stay as it is until the promise settles: a live
 * engine's report reads a pinned version (LiveAudienceEngine.insightsInSlices).
 */
export function computeInsightsInSlices(
  index: AudienceIndex,
  audience: Audience | AccountSet,
  options: InsightsOptions = {},
  baseline?: AccountSet,
  slices?: SliceOptions,
): Promise<AudienceInsights> {
  return inSlices(insightSteps(index, audience, options, baseline), slices);
}
