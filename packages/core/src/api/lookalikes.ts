import { z } from 'zod';
import { countryByCode } from '../countries/countries';
import { estimateFigureSchema } from '../sampling';

// Lookalikes (docs/API-AUDIENCES.md "Lookalikes"): accounts ranked by resemblance
// to a seed, with the held-out recall of the model beside a baseline, and the reasons per account.

/** Sizes offered, in percent of the country's (or the network's) accounts. */
export const LOOKALIKE_PERCENTS = [1, 5, 10] as const;
export type LookalikePercentValue = (typeof LOOKALIKE_PERCENTS)[number];
/** An uploaded seed list holds at most this many handles or X ids. */
export const LOOKALIKE_MAX_SEED_LIST = 20_000;

const rowId = z.number().int().min(1).max(2_147_483_647);
export const lookalikePercentSchema = z.union([z.literal(1), z.literal(5), z.literal(10)]);

/** The seed: a saved audience the caller may read, or a list of handles (with or without @) or X ids. */
export const lookalikeSeedSchema = z
  .object({
    audience_config_id: rowId.optional(),
    handles: z.array(z.string().trim().min(1).max(64)).min(1).max(LOOKALIKE_MAX_SEED_LIST).optional(),
  })
  .refine((s) => (s.audience_config_id === undefined) !== (s.handles === undefined), {
    error: 'Send either audience_config_id or handles.',
  });
export type LookalikeSeed = z.input<typeof lookalikeSeedSchema>;

const countrySchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { error: 'Enter a two-letter country code.' })
  .refine((code) => countryByCode(code) !== undefined, { error: 'Unknown country code.' })
  .transform((code) => code.toUpperCase());

export const lookalikeRequestSchema = z.object({
  seed: lookalikeSeedSchema,
  /** The country whose accounts are the candidates; null or absent: the whole network. */
  country: countrySchema.nullable().optional(),
  sizes: z.array(lookalikePercentSchema).min(1).max(3).default([1, 5, 10]),
});
export type LookalikeRequest = z.input<typeof lookalikeRequestSchema>;

export const saveLookalikeSchema = z.object({
  seed: lookalikeSeedSchema,
  country: countrySchema.nullable().optional(),
  size: lookalikePercentSchema,
  name: z.string().trim().min(1).max(200),
  /** A team slug or id the caller is in; the saved audience belongs to it. */
  team: z.string().min(1).max(100).optional(),
});
export type SaveLookalike = z.input<typeof saveLookalikeSchema>;

export const lookalikeReasonKindSchema = z.enum([
  'follows',
  'interest',
  'topic',
  'movie',
  'bio_word',
  'post_word',
  'hashtag',
  'language',
  'country',
]);
export type LookalikeReasonKind = z.infer<typeof lookalikeReasonKindSchema>;

/**
 * One feature an account shares with the seed, or two followed accounts together (`also`: the
 * others, "follows @a and @b"): shares of the seed and of the population carrying all of it.
 */
export const lookalikeReasonSchema = z.object({
  kind: lookalikeReasonKindSchema,
  value: z.string(),
  label: z.string(),
  also: z.array(z.object({ value: z.string(), label: z.string() })),
  seed_share: z.number(),
  population_share: z.number(),
  lift: z.number(),
});
export type LookalikeReasonView = z.infer<typeof lookalikeReasonSchema>;

export const lookalikeResultSchema = z.object({
  method: z.literal('log-lift'),
  country: z.string().nullable(),
  /** The accounts the sizes are a percent of. */
  population: estimateFigureSchema,
  seed: z.object({
    /** Seed members found in the index (sample count), as a figure. */
    figure: estimateFigureSchema,
    sample_count: z.number().int(),
    /** Handles or ids of an uploaded list that the index does not hold. */
    unmatched: z.number().int(),
    in_population: z.number().int(),
    fit: z.number().int(),
    held_out: z.number().int(),
    held_out_in_population: z.number().int(),
  }),
  min_support: z.number().int(),
  features_used: z.number().int(),
  /** The heaviest features of the model fitted on the whole seed. */
  features: z.array(lookalikeReasonSchema),
  sizes: z.array(
    z.object({
      percent: lookalikePercentSchema,
      /** Accounts wanted (sample count) and accounts ranked (fewer when fewer resemble the seed). */
      target: z.number().int(),
      sample_count: z.number().int(),
      figure: estimateFigureSchema,
      recall: z.number().nullable(),
      baseline_recall: z.number().nullable(),
    }),
  ),
  samples: z.array(
    z.object({
      account: z.object({
        id: z.string(),
        handle: z.string(),
        name: z.string(),
        followers: z.number().int(),
        verified: z.boolean(),
      }),
      rank: z.number().int(),
      reasons: z.array(lookalikeReasonSchema),
    }),
  ),
  ms: z.number().int(),
});
export type LookalikeResult = z.infer<typeof lookalikeResultSchema>;
