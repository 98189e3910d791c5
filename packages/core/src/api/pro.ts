import { z } from 'zod';
import { estimateFigureSchema } from '../sampling/figure';
import { CONTENT_TYPES, targetingPackageSchema } from '../targeting';
import { emailSchema, isoDateTime, languageSchema } from './common';
import { handleSchema } from './catalogues';
import { shareLinkDaysSchema } from './x-ads';

// The pro-targeting site's own API (SPEC §2 pro-targeting flavour, §7 /api/external/): audience
// requests, xstats, marketing materials, lists shared with others, monitors.

const int = z.number().int();
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Ensure this field has no more than ${max} characters.` });

// ---- audience requests (request an audience, a download, access) ----

export const AUDIENCE_REQUEST_KINDS = ['audience', 'download', 'access'] as const;
export const audienceRequestKindSchema = z.enum(AUDIENCE_REQUEST_KINDS);
export type AudienceRequestKind = z.infer<typeof audienceRequestKindSchema>;

export const AUDIENCE_REQUEST_STATES = ['unverified', 'verified', 'answered'] as const;
export const audienceRequestStateSchema = z.enum(AUDIENCE_REQUEST_STATES);

/** An X Ads account id as the Ads API spells it (base-36, e.g. "18ce54d4x5t"). */
export const adAccountIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9]{1,24}$/i, { error: 'Enter a valid ad account id.' });

export const createAudienceRequestSchema = z.object({
  kind: audienceRequestKindSchema,
  email: emailSchema,
  name: line(200).min(1, { error: 'Name is required' }),
  company: line(200).default(''),
  handle: z.union([handleSchema, z.literal('')]).default(''),
  ad_account_id: z.union([adAccountIdSchema, z.literal('')]).default(''),
  /** What audience is wanted, or why access is asked. */
  description: line(5000).default(''),
  /** request-download: the title of what is to be downloaded. */
  title: line(200).default(''),
  /** The requester's language: the mails are written in it. */
  language: languageSchema.optional(),
  targeting_package: targetingPackageSchema.optional(),
});
export type CreateAudienceRequest = z.input<typeof createAudienceRequestSchema>;

export const audienceRequestSchema = z.object({
  id: int,
  kind: audienceRequestKindSchema,
  state: audienceRequestStateSchema,
  email: z.string(),
  name: z.string(),
  company: z.string(),
  handle: z.string(),
  ad_account_id: z.string(),
  description: z.string(),
  title: z.string(),
  language: languageSchema,
  answer: z.string(),
  feedback: z.object({ rating: int, comment: z.string() }).nullable(),
  created: isoDateTime,
  verified: isoDateTime.nullable(),
  answered: isoDateTime.nullable(),
});
export type AudienceRequest = z.infer<typeof audienceRequestSchema>;
export const audienceRequestListSchema = z.object({ results: z.array(audienceRequestSchema) });

/** The one-time token mailed to the requester (request-verification?token=…). */
const requestToken = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,64}$/, { error: 'Invalid or expired link.' });
export const verifyAudienceRequestSchema = z.object({ token: requestToken });
export const audienceRequestFeedbackSchema = z.object({
  token: requestToken,
  rating: int
    .min(1, { error: 'Choose a rating from 1 to 5.' })
    .max(5, { error: 'Choose a rating from 1 to 5.' }),
  comment: line(2000).default(''),
});
export const answerAudienceRequestSchema = z.object({
  answer: line(5000).min(1, { error: 'Answer is required' }),
});
export const validateEmailSchema = z.object({ email: z.string().max(500) });
export const validateEmailResponseSchema = z.object({ valid: z.boolean(), email: z.string() });
export const validateAdAccountSchema = z.object({ ad_account_id: adAccountIdSchema });
export const validateAdAccountResponseSchema = z.object({ access: z.boolean() });

// ---- xstats: usage figures of the network per country ----

export const xstatsQuerySchema = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'Enter a two-letter country code.' })
    .transform((c) => c.toUpperCase())
    .optional(),
});
const shareSchema = z.object({ key: z.string(), label: z.string(), share: z.number() });
export const xstatsSchema = z.object({
  /** ISO 3166-1 alpha-2, or null for the whole network. */
  country: z.string().nullable(),
  /** Population estimate of the accounts. */
  accounts: int,
  /** `accounts` as a figure: Murmur's estimate with its 95 % interval (docs/API.md "Figures"). */
  accounts_figure: estimateFigureSchema,
  /** Of the whole network. */
  share_of_network: z.number(),
  verified_share: z.number(),
  median_followers: int,
  languages: z.array(shareSchema),
  gender: z.array(shareSchema),
  age_bands: z.array(shareSchema),
  top_interests: z.array(shareSchema.extend({ affinity: z.number().nullable() })),
  /** Posts of the country's accounts in the latest simulated week and the one before, and the change. */
  growth: z.object({ latest_week_posts: int, previous_week_posts: int, change: z.number().nullable() }),
  /** The countries with the most accounts (for the picker and the world view). */
  countries: z.array(
    /** `accounts_figure`: the accounts as Murmur's estimate with its 95 % interval. */
    z.object({ code: z.string(), accounts: int, accounts_figure: estimateFigureSchema }),
  ),
});
export type Xstats = z.infer<typeof xstatsSchema>;

// ---- marketing materials (SPEC §3 content types) ----

export const contentTypeSchema = z.enum(CONTENT_TYPES);
export const marketingMaterialSchema = z.object({
  slug: z.string(),
  content_type: contentTypeSchema,
  title: z.string(),
  summary: z.string(),
  pages: int,
  download_url: z.string(),
});
export type MarketingMaterial = z.infer<typeof marketingMaterialSchema>;
export const marketingMaterialsQuerySchema = z.object({
  content_type: contentTypeSchema.optional(),
  language: languageSchema.default('en'),
});
export const marketingMaterialsSchema = z.object({ results: z.array(marketingMaterialSchema) });
export const marketingMaterialParamsSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,80}$/, { error: 'Not found.' }),
});

// ---- competitor analysis summary PDF ----

export const summaryPdfSchema = z.object({
  /** A finished competitor-analysis job. */
  job_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'Invalid job id.' }),
  language: languageSchema.default('en'),
});

// ---- lists: share a saved or targeting list ----

export const shareListSchema = z.object({
  audience_config_id: int.positive().max(2_147_483_647),
  emails: z.array(emailSchema).min(1, { error: 'Enter at least one email address.' }).max(20),
  /** Days the mailed link works when the list has no live link yet (a live one is reused). */
  expires_in_days: shareLinkDaysSchema,
});
/** A list's share link (the one "share by mail" sends): null fields when it has none that works. */
export const listShareLinkSchema = z.object({
  url: z.string().nullable(),
  expires_at: isoDateTime.nullable(),
});
export type ListShareLink = z.infer<typeof listShareLinkSchema>;
export const rotateListShareLinkSchema = z.object({ expires_in_days: shareLinkDaysSchema });
export const sharedListParamsSchema = z.object({
  token: z
    .string()
    .max(80)
    .regex(/^[0-9]{1,10}\.[A-Za-z0-9_-]{1,64}$/, { error: 'Not a share link.' }),
});
/** What a list's share link opens: the list's name, kind and package, nothing about who shared it with whom. */
export const sharedListSchema = z.object({
  name: z.string(),
  kind: z.enum(['builder', 'targeting_list', 'saved_list']),
  targeting_package: targetingPackageSchema,
});
export type SharedList = z.infer<typeof sharedListSchema>;
export const shareListResponseSchema = z.object({ shared_with: z.array(z.string()) });
/**
 * Share via account: the account signed in with `email` is asked whether it wants the list (a share
 * offer); the answer is the same whether or not such an account exists.
 */
export const shareViaAccountSchema = z.object({
  audience_config_id: int.positive().max(2_147_483_647),
  email: emailSchema,
});
/** A list another account offered to the caller, waiting to be accepted (copied) or declined. */
export const shareOfferSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['targeting_list', 'saved_list']),
  /** Who offered it: their name, or their address when they have none. */
  from: z.string(),
  created: isoDateTime,
});
export type ShareOffer = z.infer<typeof shareOfferSchema>;

// ---- monitors: a watched audience, its weekly change mailed ----

export const createMonitorSchema = z.object({
  name: line(200).min(1, { error: 'Name is required' }),
  targeting_package: targetingPackageSchema,
});
export const monitorSchema = z.object({
  id: int,
  name: z.string(),
  targeting_package: targetingPackageSchema,
  last_size: int.nullable(),
  /**
   * last_size as a figure: Murmur's estimate with its 95 % interval (docs/API.md "Figures"); null
   * before the first measurement or while the engine is loading (its sample is not known then).
   */
  last_figure: estimateFigureSchema.nullable(),
  previous_size: int.nullable(),
  last_run: isoDateTime.nullable(),
  created: isoDateTime,
});
export type Monitor = z.infer<typeof monitorSchema>;
export const monitorsSchema = z.object({ results: z.array(monitorSchema) });
export const weeklyResultsSchema = z.object({ monitors: int, mailed: int });

// ---- image downloader ----

export const imageDownloadQuerySchema = z.object({
  /** One or several image URLs (repeat `url` for a zip of PNGs). */
  url: z.union([z.string().max(2000), z.array(z.string().max(2000)).min(1).max(20)]),
});
