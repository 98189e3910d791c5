import { z } from 'zod';
import type { AudienceComparison, AudienceInsights } from '../insights';
import { countFigureSchema, estimateFigureSchema, type EstimateFigure } from '../sampling';
import {
  audienceStatusSchema,
  parseTargetingPackageFast,
  sizeBucketSchema,
  targetingPackageSchema,
} from '../targeting';
import { countryByCode } from '../countries/countries';
import { isoDateTime, languageSchema } from './common';
import { daySchema } from './history';

// The audience API of docs/API-AUDIENCES.md: building, saved audiences (audience configs), their
// insights and audience plans (the engine's status in engine-status.ts, jobs in jobs.ts).

const id = z.number().int();
/** A row id in a body: a positive 32-bit integer (PostgreSQL serial). */
const rowId = z.number().int().min(1).max(2_147_483_647);

/** The size of an audience (docs/API-AUDIENCES.md "Estimate"). */
export const estimateSchema = z.object({
  sample_count: z.number().int(),
  population_estimate: z.number().int(),
  size_bucket: sizeBucketSchema,
  unmatched: z.array(z.object({ criterion: z.string(), label: z.string() })),
  handles_truncated: z.boolean(),
  /** population_estimate as a figure: Murmur's estimate with its 95 % interval and sample (docs/API.md "Figures"). */
  figure: estimateFigureSchema,
});
export type Estimate = z.infer<typeof estimateSchema>;

/**
 * The perspectives job's result: the engine's comparison (its sizes and overlap are sample counts)
 * with each as Murmur's population estimate, the figures the screens show (docs/API.md "Figures").
 */
export type PerspectivesResult = AudienceComparison & {
  figures: { a: EstimateFigure; b: EstimateFigure; overlap: EstimateFigure };
};

const exclusionsSchema = z.array(rowId).max(100).default([]);

export const buildAudienceSchema = z.object({
  targeting_package: targetingPackageSchema,
  /** Audience configs the caller may read, subtracted from the audience. */
  exclusions: exclusionsSchema,
});
export type BuildAudience = z.input<typeof buildAudienceSchema>;

/**
 * buildAudienceSchema's parse without zod (the estimate's body, on the serving path): the value zod
 * would give, or undefined when zod would refuse the body or this check does not cover it, so that
 * zod then parses it and words the errors (targeting/fast-parse.ts).
 */
export function parseBuildAudienceFast(input: unknown): z.output<typeof buildAudienceSchema> | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  if (Object.getPrototypeOf(input) !== Object.prototype) return undefined;
  const body = input as Record<string, unknown>;
  const targeting_package = parseTargetingPackageFast(body.targeting_package);
  if (targeting_package === undefined) return undefined;
  const given = body.exclusions;
  if (given === undefined) return { targeting_package, exclusions: [] };
  if (!Array.isArray(given) || given.length > 100) return undefined;
  for (const x of given as unknown[]) {
    if (!Number.isInteger(x) || (x as number) < 1 || (x as number) > 2_147_483_647) return undefined;
  }
  return { targeting_package, exclusions: (given as number[]).slice() };
}

export const AUTOCOMPLETE_FIELDS = [
  'handles',
  'keywords',
  'hashtags',
  'interests',
  'conversation_topics',
  'movies_tv_shows',
  'network_operators',
  'languages',
  'locations',
] as const;
export const autocompleteFieldSchema = z.enum(AUTOCOMPLETE_FIELDS);
export type AutocompleteField = z.infer<typeof autocompleteFieldSchema>;

export const autocompleteRequestSchema = z.object({
  field: autocompleteFieldSchema,
  q: z.string().trim().max(100),
  limit: z.number().int().min(1).max(50).default(10),
});
export type AutocompleteRequest = z.input<typeof autocompleteRequestSchema>;
export const autocompleteResponseSchema = z.object({
  results: z.array(
    z.object({
      value: z.string(),
      label: z.string(),
      detail: z.string().nullable(),
      size: z.number().int(),
      /** `size` as a figure: Murmur's estimate of what the item alone reaches, with its 95 % interval. */
      size_figure: estimateFigureSchema,
    }),
  ),
});
export type AutocompleteResponse = z.infer<typeof autocompleteResponseSchema>;

export const audienceCategorySchema = z.object({ id, name: z.string() });
export type AudienceCategory = z.infer<typeof audienceCategorySchema>;

export const AUDIENCE_CONFIG_KINDS = ['builder', 'saved_list', 'targeting_list'] as const;
export const audienceConfigKindSchema = z.enum(AUDIENCE_CONFIG_KINDS);
export type AudienceConfigKind = z.infer<typeof audienceConfigKindSchema>;

/** A saved audience (SPEC §3 audience config + the display fields of "Audience"). */
export const audienceConfigSchema = z.object({
  id,
  name: z.string(),
  kind: audienceConfigKindSchema,
  category: audienceCategorySchema.nullable(),
  categories: z.array(z.object({ name: z.string() })),
  country: z.string().nullable(),
  targeting_package: targetingPackageSchema,
  exclusions: z.array(id),
  size: z.number().int(),
  sample_count: z.number().int(),
  size_bucket: sizeBucketSchema,
  core_audience: z.number().int(),
  total_native: z.number().int(),
  pro_targeting_size: z.number().int(),
  /** `size` as a figure: Murmur's estimate with its interval (docs/API.md "Figures"). */
  size_figure: estimateFigureSchema,
  /** `sample_count` as a figure: the accounts an upload of this audience to X contains. */
  upload_figure: countFigureSchema,
  /** `core_audience` as a figure: Murmur's estimate with its interval, of the same sample as `size`. */
  core_figure: estimateFigureSchema,
  /** `total_native` as a figure (the same estimate as `size_figure`). */
  native_figure: estimateFigureSchema,
  /** `pro_targeting_size` as a figure: Murmur's estimate with its interval, of the same sample. */
  pro_targeting_figure: estimateFigureSchema,
  status: audienceStatusSchema,
  has_insights: z.boolean(),
  is_super_insights: z.boolean(),
  targetable: z.boolean(),
  created_by: z.object({ id, email: z.string(), name: z.string() }),
  team: z.object({ id, slug: z.string(), name: z.string() }).nullable(),
  ad_account: z.null(),
  created: isoDateTime,
  modified: isoDateTime,
});
export type AudienceConfig = z.infer<typeof audienceConfigSchema>;

export const AUDIENCE_CONFIG_ORDERINGS = [
  '-modified',
  'modified',
  'name',
  '-name',
  'size',
  '-size',
  'created',
  '-created',
] as const;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const audienceConfigQuerySchema = z.object({
  /** The team's configs (slug or id); without it, the caller's personal ones. */
  team: z.string().trim().max(100).optional(),
  search: z.string().trim().max(200).optional(),
  kind: audienceConfigKindSchema.optional(),
  status: audienceStatusSchema.optional(),
  targetable: booleanQuery.optional(),
  /** A category id or name. */
  category: z.string().trim().max(200).optional(),
  ordering: z.enum(AUDIENCE_CONFIG_ORDERINGS).default('-modified'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AudienceConfigQuery = z.input<typeof audienceConfigQuerySchema>;

export const audienceConfigListSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  results: z.array(audienceConfigSchema),
});
export type AudienceConfigList = z.infer<typeof audienceConfigListSchema>;

/** POST and PUT /api/audience-configs/. With `from_audience` the package comes from the store. */
export const saveAudienceConfigSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: 'Name is required' })
      .max(200, { error: 'Name must be less than 200 characters' }),
    targeting_package: targetingPackageSchema.optional(),
    team: z.string().trim().max(100).optional(),
    category_id: rowId.nullable().optional(),
    kind: audienceConfigKindSchema.optional(),
    exclusions: exclusionsSchema,
    from_audience: rowId.optional(),
  })
  .refine((b) => b.targeting_package !== undefined || b.from_audience !== undefined, {
    error: 'This field is required.',
    path: ['targeting_package'],
  });
export type SaveAudienceConfig = z.input<typeof saveAudienceConfigSchema>;

/** An audience named by its package or by a saved config (insights, perspectives). */
const audienceRefShape = {
  targeting_package: targetingPackageSchema.optional(),
  audience_config_id: rowId.optional(),
};
const oneOf = (b: { targeting_package?: unknown; audience_config_id?: unknown }) =>
  (b.targeting_package === undefined) !== (b.audience_config_id === undefined);
const ONE_OF_MESSAGE = 'Send either targeting_package or audience_config_id.';

export const audienceRefSchema = z.object(audienceRefShape).refine(oneOf, { error: ONE_OF_MESSAGE });
export type AudienceRef = z.input<typeof audienceRefSchema>;

/**
 * What an insights report's shares and affinities are measured against: the whole network (the
 * default), the accounts of one country (ISO 3166-1 alpha-2), a saved audience the caller may read,
 * or the same saved audience at one of its earlier history points (named by its day, as the history
 * API names points; `audience_config_id` must be the audience the insights are for).
 * A plain union (anyOf), which the route map's TypeScript emitter can express.
 */
export const insightsBaselineSchema = z.union([
  z.object({ kind: z.literal('network') }),
  z.object({
    kind: z.literal('country'),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, { error: 'Enter a two-letter country code.' })
      .refine((code) => countryByCode(code) !== undefined, { error: 'Unknown country code.' }),
  }),
  z.object({ kind: z.literal('audience'), audience_config_id: rowId }),
  z.object({ kind: z.literal('earlier'), audience_config_id: rowId, day: daySchema }),
]);
export type InsightsBaseline = z.input<typeof insightsBaselineSchema>;
export type InsightsBaselineKind = InsightsBaseline['kind'];

export const insightsRequestSchema = z
  .object({
    ...audienceRefShape,
    exclusions: exclusionsSchema,
    baseline: insightsBaselineSchema.optional(),
  })
  .refine(oneOf, { error: ONE_OF_MESSAGE });
export type InsightsRequest = z.input<typeof insightsRequestSchema>;

/** The baseline a report was computed against: its kind, a label to show and its size. */
export const insightsBaselineUsedSchema = z.object({
  kind: z.enum(['network', 'country', 'audience', 'earlier']),
  /**
   * "Whole network", the country's English name, the saved audience's name, or "This audience on
   * <day>" for an earlier point.
   */
  label: z.string(),
  /** The country code, the saved audience's id or the earlier point's day; absent for the whole network. */
  ref: z.union([z.string(), id]).optional(),
  /** Accounts in the baseline, as a population estimate. */
  size: estimateFigureSchema,
  /**
   * An earlier point only: its recorded members no longer in the index (deleted, suspended), left
   * out of the baseline.
   */
  dropped: z.number().int().min(0).optional(),
});
export type InsightsBaselineUsed = z.infer<typeof insightsBaselineUsedSchema>;

/**
 * The engine's AudienceInsights (camelCase panels, @murmur/core/insights) plus the audience's
 * estimate. Panels are passed through as the engine returns them: the schema checks the estimate only.
 */
// Reports stored before estimates carried their figure have none; the server adds it when it reads one.
// Reports computed before baselines existed have none: they were measured against the whole network.
export const insightsSchema = z
  .object({
    estimate: estimateSchema,
    baseline: insightsBaselineUsedSchema.optional(),
    /** The saved audience the report is of; absent for a package (and in reports from before it was said). */
    audience_config_id: id.optional(),
  })
  .catchall(z.unknown());
export type Insights = z.infer<typeof insightsSchema>;
/** What an insights report holds as the engine writes it today (insightsSchema's real shape). */
export type InsightsReport = AudienceInsights & {
  estimate: Estimate;
  baseline?: InsightsBaselineUsed;
  audience_config_id?: number;
};

/**
 * GET /api/audience-insights/pdf/: the PDF of a finished insights job (`job_id`, against whatever
 * baseline it was asked for) or of a saved audience's stored report (`audience_config_id`).
 */
export const insightsPdfQuerySchema = z
  .object({
    job_id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'Invalid job id.' })
      .optional(),
    audience_config_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    language: languageSchema.default('en'),
  })
  .refine((q) => q.job_id !== undefined || q.audience_config_id !== undefined, {
    error: 'Send job_id or audience_config_id.',
    path: ['job_id'],
  });

type InsightsPdfQuery = z.output<typeof insightsPdfQuerySchema>;
/** Which report the PDF is of: a finished insights job's (any baseline) or a saved audience's stored one. */
export type InsightsPdfSource =
  Required<Pick<InsightsPdfQuery, 'job_id'>> | Required<Pick<InsightsPdfQuery, 'audience_config_id'>>;

export const insightsByConfigSchema = z.object({
  audience_config: audienceConfigSchema,
  insights: insightsSchema.nullable(),
  computed: isoDateTime.nullable(),
});
export type InsightsByConfig = z.infer<typeof insightsByConfigSchema>;
/** A saved audience's stored report as the engine writes it; `insights` is null before the first. */
export type StoredInsights = Omit<InsightsByConfig, 'insights'> & { insights: InsightsReport | null };

export const perspectivesRequestSchema = z.object({ a: audienceRefSchema, b: audienceRefSchema });
export type PerspectivesRequest = z.input<typeof perspectivesRequestSchema>;

/**
 * Within a chosen total (docs/API-AUDIENCES.md "Reach planner"): at most `max_audiences` steps, and
 * no step after the first whose cumulative reach attains `target_reach` (the fewest audiences that
 * reach the target); steps adding nobody are never taken. Either limit may be null.
 */
export const reachLimitsSchema = z.object({
  max_audiences: z.number().int().min(1).max(50).nullable().default(null),
  target_reach: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().default(null),
});
export type ReachLimits = z.output<typeof reachLimitsSchema>;

export const audiencePlanSchema = z.object({
  id,
  name: z.string(),
  audience_config_ids: z.array(id),
  notes: z.string(),
  /** A reach plan's limits (`cutReachPlan`): `audience_config_ids` are then its steps, in greedy order. */
  reach: reachLimitsSchema.nullable(),
  created: isoDateTime,
  modified: isoDateTime,
});
export type AudiencePlan = z.infer<typeof audiencePlanSchema>;
export const saveAudiencePlanSchema = z.object({
  name: z.string().trim().min(1, { error: 'Name is required' }).max(200),
  audience_config_ids: z.array(rowId).max(100).default([]),
  notes: z.string().max(10_000).default(''),
  reach: reachLimitsSchema.nullable().default(null),
});
export type SaveAudiencePlan = z.input<typeof saveAudiencePlanSchema>;

export const exclusionAudiencesSchema = z.object({ results: z.array(audienceConfigSchema) });
