import { z } from 'zod';
import { estimateFigureSchema } from '../sampling';
import { audienceRefSchema, type ReachLimits } from './audiences';

// The overlap of 2–50 audiences and the reach planner (docs/API-AUDIENCES.md "Overlap").

/** The engine's limit (MAX_OVERLAP_SETS): a membership signature holds one bit per audience. */
export const OVERLAP_MIN_AUDIENCES = 2;
export const OVERLAP_MAX_AUDIENCES = 50;
/** UpSet combinations returned by default: the largest ~30 are what a chart can show. */
export const OVERLAP_COMBINATIONS = 30;

export const overlapRequestSchema = z.object({
  audiences: z
    .array(audienceRefSchema)
    .min(OVERLAP_MIN_AUDIENCES, { error: `Choose at least ${OVERLAP_MIN_AUDIENCES} audiences.` })
    .max(OVERLAP_MAX_AUDIENCES, { error: `Choose at most ${OVERLAP_MAX_AUDIENCES} audiences.` }),
  /** How many of the largest exact membership combinations to return. */
  combinations: z.number().int().min(1).max(100).default(OVERLAP_COMBINATIONS),
});
export type OverlapRequest = z.input<typeof overlapRequestSchema>;

/** Audiences are named by their position in the request (`audiences[i]`) everywhere below. */
const position = z
  .number()
  .int()
  .min(0)
  .max(OVERLAP_MAX_AUDIENCES - 1);

export const overlapResultSchema = z.object({
  audiences: z.array(
    z.object({
      audience_config_id: z.number().int().nullable(),
      /** The saved audience's name; null for a package. */
      name: z.string().nullable(),
      size: estimateFigureSchema,
      /** Members in no other chosen audience. */
      unique: estimateFigureSchema,
      /** unique ÷ size, from the sample counts (0 for an empty audience). */
      unique_share: z.number(),
    }),
  ),
  /** Every pair (a < b): members of both, and Jaccard (both ÷ either, from the sample counts). */
  pairs: z.array(z.object({ a: position, b: position, overlap: estimateFigureSchema, jaccard: z.number() })),
  /** Members of at least one audience. */
  union: estimateFigureSchema,
  /** The largest exact membership combinations (UpSet): members in exactly these audiences. */
  combinations: z.array(z.object({ audiences: z.array(position), count: estimateFigureSchema })),
  /** How many distinct combinations have members (of which `combinations` are the largest). */
  combinations_total: z.number().int(),
  /**
   * Greedy maximum coverage over every audience: each step adds the audience reaching the most
   * people no earlier step reached; steps adding nobody come last. Cut it with `cutReachPlan`.
   */
  reach_plan: z.array(
    z.object({ audience: position, incremental: estimateFigureSchema, cumulative: estimateFigureSchema }),
  ),
});
export type OverlapResult = z.infer<typeof overlapResultSchema>;
export type ReachPlanStep = OverlapResult['reach_plan'][number];

/** The steps a plan takes within its limits (the greedy prefix). */
export function cutReachPlan<
  S extends { incremental: { value: number; sample: number }; cumulative: { value: number } },
>(steps: readonly S[], limits: ReachLimits): S[] {
  const taken: S[] = [];
  for (const step of steps) {
    if (step.incremental.sample === 0) break;
    if (limits.max_audiences !== null && taken.length >= limits.max_audiences) break;
    taken.push(step);
    if (limits.target_reach !== null && step.cumulative.value >= limits.target_reach) break;
  }
  return taken;
}

/** Push a plan's audiences to X: the union as one custom audience, or one per step excluding the earlier. */
export const pushReachPlanSchema = z.object({
  team: z.string().trim().min(1).max(100),
  account_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'Enter a valid ad account id.' }),
  mode: z.enum(['union', 'sequential']),
});
export type PushReachPlan = z.input<typeof pushReachPlanSchema>;

export const pushedReachPlanSchema = z.object({
  custom_audiences: z.array(
    z.object({
      /** Its row under /api/uploaded-audiences/, where X's processing is followed until targetable. */
      uploaded_audience_id: z.number().int(),
      custom_audience_id: z.string(),
      name: z.string(),
      /** The plan's audience this one holds (sequential), null for the union. */
      audience_config_id: z.number().int().nullable(),
      uploaded_count: z.number().int(),
    }),
  ),
});
export type PushedReachPlan = z.infer<typeof pushedReachPlanSchema>;
