import { z } from 'zod';
import { estimateFigureSchema } from '../sampling';
import { isoDateTime } from './common';

/** The fields an audience's daily digest keeps (the engine's single-valued member fields). */
export const DIGEST_FIELDS = ['country', 'language', 'gender', 'ageBand', 'device'] as const;
export type DigestField = (typeof DIGEST_FIELDS)[number];
/**
 * The composition sections of a digest beside the member fields: interests (profile terms, of the
 * analysed members), communities (the network's communities, of the members placed in one) and
 * influential accounts (the accounts most followed, of the members whose follows are read).
 */
export const DIGEST_SECTIONS = ['interest', 'community', 'influential'] as const;
export type DigestSection = (typeof DIGEST_SECTIONS)[number];
/** What a change is about: a member field or a composition section. */
export const CHANGE_FIELDS = [...DIGEST_FIELDS, ...DIGEST_SECTIONS] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];
/** Values kept per field in a digest, most members first: a point stays about 1 kB. */
export const DIGEST_VALUES = 10;

const whole = z.number().int().min(0);
/** A day in UTC, as the history keeps one point per audience and day. */
export const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'A day is written YYYY-MM-DD' });

export const digestValueSchema = z.object({ value: z.string(), label: z.string(), count: whole });
const digestFieldSchema = z.object({ values: z.array(digestValueSchema), complete: z.boolean() });
/**
 * A composition section: its most frequent values (interest names, communities by their leading
 * account's id with its handle as label, account ids with the handle as label), each with the members counted, out of `members` (the members the engine's
 * panel reads: a uniform sample of large audiences).
 */
const digestSectionSchema = z.object({
  /** `label` is absent where the value is its own label (an interest's name): the digest stays small. */
  values: z.array(digestValueSchema.extend({ label: z.string().optional() })),
  complete: z.boolean(),
  members: whole,
  /**
   * Communities only: the partition of the network the members were counted in (when it was made).
   * Communities of two partitions are not the same groups, so their sections are compared only
   * within one partition.
   */
  partition: z.string().max(40).optional(),
  /**
   * Influential accounts only, when any: the newcomers. Each was followed by fewer than the share
   * the point of `since` kept a list of (at most `was` of its members, `was_members`), and its rise
   * passed the two-proportion test with the false-discovery control (docs/API-AUDIENCES.md
   * "History"). Kept apart from `values`, whose last count bounds the values they lack.
   */
  entered: z.array(digestValueSchema.extend({ since: daySchema, was: whole, was_members: whole })).optional(),
});
export type DigestSectionEntry = z.infer<typeof digestSectionSchema>;
/**
 * The composition of an audience on one day: for each digest field, its most frequent values with
 * the members (sampled accounts) holding each. `complete` is true when the field had no more values
 * than the digest keeps, so a value missing from it has no member at all.
 */
export const audienceDigestSchema = z.object({
  members: whole,
  fields: z.object(
    Object.fromEntries(DIGEST_FIELDS.map((field) => [field, digestFieldSchema])) as Record<
      DigestField,
      typeof digestFieldSchema
    >,
  ),
  /** Absent from points recorded before they were kept, and where the engine cannot count them. */
  sections: z
    .object({
      interest: digestSectionSchema.optional(),
      community: digestSectionSchema.optional(),
      influential: digestSectionSchema.optional(),
    })
    .optional(),
});
export type AudienceDigest = z.infer<typeof audienceDigestSchema>;

export const audiencePointSchema = z.object({
  day: daySchema,
  measured: isoDateTime,
  /** Murmur's population estimate that day, with its 95 % interval (docs/API.md "Figures"). */
  size: estimateFigureSchema,
  digest: audienceDigestSchema,
});
export type AudiencePoint = z.infer<typeof audiencePointSchema>;

export const audienceHistorySchema = z.object({
  audience_config_id: z.number().int(),
  /** Days a point is kept. */
  retention_days: z.number().int(),
  /** Oldest first; at most one per day. */
  points: z.array(audiencePointSchema),
});
export type AudienceHistory = z.infer<typeof audienceHistorySchema>;

export const historyQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a whole number from 1 to 3660' })
    .int({ error: 'days must be a whole number from 1 to 3660' })
    .min(1, { error: 'days must be a whole number from 1 to 3660' })
    .max(3660, { error: 'days must be a whole number from 1 to 3660' })
    .default(90),
});

export const changesQuerySchema = z.object({ from: daySchema, to: daySchema });

/**
 * One value's share of the members at a point, with its 95 % interval (Wilson). `at_most`: the value
 * had fallen out of that point's digest, so `count` is the bound the digest gives (the smallest count
 * it kept) and the change was tested at that bound, the least favourable to calling it a change.
 */
const shareAtSchema = z.object({
  count: whole,
  share: z.number(),
  low: z.number(),
  high: z.number(),
  at_most: z.boolean(),
});

export const changeItemSchema = z.object({
  field: z.enum(CHANGE_FIELDS),
  value: z.string(),
  label: z.string(),
  from: shareAtSchema,
  to: shareAtSchema,
  /** to.share − from.share. */
  difference: z.number(),
  /** Two-proportion test of no change, and its Benjamini–Hochberg adjustment over every item tested. */
  p: z.number(),
  q: z.number(),
});
export type ChangeItem = z.infer<typeof changeItemSchema>;

/**
 * What changed between two points (docs/API-AUDIENCES.md "History"): the size at each, whether the
 * audience's share of the index moved beyond noise, and the panel values whose share moved at a
 * false-discovery rate of `fdr` — only those; `tested` says how many were compared.
 */
export const audienceChangesSchema = z.object({
  audience_config_id: z.number().int(),
  from: audiencePointSchema.pick({ day: true, measured: true, size: true }),
  to: audiencePointSchema.pick({ day: true, measured: true, size: true }),
  size: z.object({
    /** Relative change of the estimate (0.05 = +5 %); null from an empty audience. */
    change: z.number().nullable(),
    /** Test of the audience's share of the index; null when a point does not know its sample size. */
    p: z.number().nullable(),
    significant: z.boolean(),
  }),
  fdr: z.number(),
  tested: whole,
  moved: z.array(changeItemSchema),
});
export type AudienceChanges = z.infer<typeof audienceChangesSchema>;

/**
 * `size`: the size moved by more than the threshold (percent). `panel`: a value of any panel moved by
 * more than the threshold (points). `influential`: an account not among the previous point's
 * influential accounts is among today's, its share risen significantly by at least the threshold
 * (points). `community`: a community appeared (below the minimum support before, significantly more
 * now) or shrank significantly by at least the threshold (points).
 */
export const ALERT_KINDS = ['size', 'panel', 'influential', 'community'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000, { error: 'A webhook address is at most 2000 characters.' })
  .url({ error: 'Enter a web address starting with https://.' })
  .refine((v) => /^https?:\/\//i.test(v), { error: 'Enter a web address starting with https://.' });

export const saveAlertSchema = z
  .object({
    kind: z.enum(ALERT_KINDS, {
      error: 'Choose what to be told about: size, panel, influential or community.',
    }),
    /** Percent for `size` (1–1000), percentage points for the others (1–100). */
    threshold: z
      .number({ error: 'The threshold is a number.' })
      .min(1, { error: 'The threshold is at least 1.' }),
    email: z.boolean().default(true),
    webhook_url: webhookUrlSchema.nullable().default(null),
  })
  .refine((a) => (a.kind === 'size' ? a.threshold <= 1000 : a.threshold <= 100), {
    error: 'The threshold is at most 1000 % for size and 100 points for the others.',
    path: ['threshold'],
  })
  .refine((a) => a.email || a.webhook_url !== null, {
    error: 'Choose mail, a webhook or both.',
    path: ['email'],
  });
export type SaveAlert = z.input<typeof saveAlertSchema>;

export const audienceAlertSchema = z.object({
  id: z.number().int(),
  audience_config_id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  threshold: z.number(),
  email: z.boolean(),
  webhook_url: z.string().nullable(),
  /** Signs each webhook call (`Murmur-Signature`); only ever shown to the rule's creator. */
  webhook_secret: z.string().nullable(),
  last_fired_day: daySchema.nullable(),
  created: isoDateTime,
});
export type AudienceAlert = z.infer<typeof audienceAlertSchema>;
export const audienceAlertListSchema = z.object({ results: z.array(audienceAlertSchema) });

/** What an alert sends (the webhook's JSON body; the mail says the same in words). */
export const alertEventSchema = z.object({
  id: z.string(),
  type: z.enum(['audience.changed', 'test']),
  created: isoDateTime,
  audience: z.object({ id: z.number().int(), name: z.string() }),
  alert: z.object({ id: z.number().int(), kind: z.enum(ALERT_KINDS), threshold: z.number() }),
  from: audiencePointSchema.pick({ day: true, size: true }).nullable(),
  to: audiencePointSchema.pick({ day: true, size: true }).nullable(),
  size_change: z.number().nullable(),
  moved: z.array(changeItemSchema),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

export const alertDeliverySchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'webhook']),
  type: z.enum(['audience.changed', 'test']),
  state: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: isoDateTime.nullable(),
  created: isoDateTime,
  delivered: isoDateTime.nullable(),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;
export const alertDeliveryListSchema = z.object({ results: z.array(alertDeliverySchema) });
