import { z } from 'zod';
import { countryByCode } from '../countries/countries';
import { CURRENCIES, DEFAULT_CURRENCY } from '../format/currency';
import { estimateFigureSchema } from '../sampling/figure';
import { audienceStatusSchema, placementSchema, sizeBucketSchema } from '../targeting/enum-schemas';
import { SIZE_BUCKET_AUTO } from '../targeting/enums';
import { interestName } from '../targeting/interest-names';
import { isoDateTime } from './common';

// SPEC §7 Ads, Campaigns and File upload: campaigns → ad sets (X line items) → ads (X promoted
// posts) of ad creatives, which may show ad media uploaded through the files policy/complete protocol.

const id = z.number().int();
const rowId = z.coerce.number().int().min(1).max(2_147_483_647);
const teamRef = z.string().trim().min(1, { error: 'This field is required.' }).max(100);

/** X Ads API objectives (line item `objective`). */
export const CAMPAIGN_OBJECTIVES = [
  'AWARENESS',
  'REACH',
  'ENGAGEMENTS',
  'WEBSITE_CLICKS',
  'FOLLOWERS',
  'VIDEO_VIEWS',
] as const;
export type CampaignObjective = (typeof CAMPAIGN_OBJECTIVES)[number];
export const BUDGET_TYPES = ['lifetime', 'daily'] as const;
export type BudgetType = (typeof BUDGET_TYPES)[number];
/** The statuses a user sets; Scheduled, Expired and Halted are derived from the schedule and X. */
export const SETTABLE_STATUSES = ['Active', 'Paused'] as const;
/** X's limit for a post's text. */
export const CREATIVE_TEXT_MAX = 280;
export const CALLS_TO_ACTION = [
  'LEARN_MORE',
  'SHOP_NOW',
  'SIGN_UP',
  'BOOK_NOW',
  'CONTACT_US',
  'DOWNLOAD',
] as const;
export const MEDIA_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** X's image limit (5 MB), its smallest accepted side and its largest. */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
export const MEDIA_MIN_SIDE = 64;
export const MEDIA_MAX_SIDE = 8192;

/** Smallest daily budget per currency (X's minimum of about one unit; yen and won scaled). */
export function minimumBudget(currency: string): number {
  if (currency === 'YEN') return 100;
  if (currency === 'KRW') return 1000;
  return 1;
}

const money = z.coerce
  .number({ error: 'A valid number is required.' })
  .min(0, { error: 'Ensure this value is greater than or equal to 0.' })
  .max(1_000_000_000, { error: 'Ensure this value is less than or equal to 1000000000.' })
  .transform((v) => Math.round(v * 100) / 100);
const dateTime = z.iso.datetime({ offset: true, error: 'Enter a valid date/time.' });
const name = z
  .string()
  .trim()
  .min(1, { error: 'Name is required' })
  .max(200, { error: 'Name must be less than 200 characters' });

export const campaignObjectiveSchema = z.enum(CAMPAIGN_OBJECTIVES);
export const campaignCurrencySchema = z.enum(CURRENCIES);
export const budgetTypeSchema = z.enum(BUDGET_TYPES);

export const campaignTotalsSchema = z.object({
  impressions: z.number().int(),
  engagements: z.number().int(),
  clicks: z.number().int(),
  spent: z.number(),
});
export type CampaignTotals = z.infer<typeof campaignTotalsSchema>;

export const campaignSchema = z.object({
  id,
  team: z.object({ id, slug: z.string(), name: z.string() }),
  name: z.string(),
  objective: campaignObjectiveSchema,
  ad_account_id: z.string(),
  currency: campaignCurrencySchema,
  budget_type: budgetTypeSchema,
  lifetime_budget: z.number().nullable(),
  daily_budget: z.number().nullable(),
  start: isoDateTime.nullable(),
  end: isoDateTime.nullable(),
  status: audienceStatusSchema,
  /** The campaign's id on X once published. */
  x_campaign_id: z.string().nullable(),
  /** What went wrong with the last publish or status change on X, if it failed. */
  x_error: z.string().nullable(),
  adsets_count: z.number().int(),
  ads_count: z.number().int(),
  impressions: z.number().int(),
  spent: z.number(),
  created_by: z.object({ id, email: z.string() }),
  date: isoDateTime,
  modified: isoDateTime,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  results: z.array(campaignSchema),
  /** Totals over every campaign the filters match (not only this page), by currency. */
  totals: z.array(campaignTotalsSchema.extend({ currency: campaignCurrencySchema })),
});
export type CampaignList = z.infer<typeof campaignListSchema>;

export const campaignQuerySchema = z.object({
  team: teamRef,
  search: z.string().trim().max(200).optional(),
  /** A status, or SPEC §3's "Any status" (the same as none). */
  status: z.union([audienceStatusSchema, z.literal('Any status')]).optional(),
  objective: campaignObjectiveSchema.optional(),
  ordering: z.enum(['-date', 'date', 'name', '-name', '-spent', 'spent']).default('-date'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

const campaignFields = {
  name,
  objective: campaignObjectiveSchema,
  ad_account_id: z.string().trim().min(1, { error: 'This field is required.' }).max(40),
  currency: campaignCurrencySchema,
  budget_type: budgetTypeSchema,
  lifetime_budget: money.nullable().optional(),
  daily_budget: money.nullable().optional(),
  start: dateTime.nullable().optional(),
  end: dateTime.nullable().optional(),
};

/** POST /api/campaigns/: a draft; it goes to X when its status is set to Active. */
export const createCampaignSchema = z.object({
  team: teamRef,
  ...campaignFields,
  currency: campaignCurrencySchema.default(DEFAULT_CURRENCY),
});
export type CreateCampaign = z.input<typeof createCampaignSchema>;
/** PUT replaces the editable fields; PATCH changes some, `status` publishes, pauses or resumes. */
export const updateCampaignSchema = z.object({
  ...campaignFields,
  currency: campaignCurrencySchema.default(DEFAULT_CURRENCY),
});
export type UpdateCampaign = z.input<typeof updateCampaignSchema>;
export const patchCampaignSchema = z
  .object({ ...campaignFields, status: z.enum(SETTABLE_STATUSES) })
  .partial();
export type PatchCampaign = z.input<typeof patchCampaignSchema>;

export const adsetSchema = z.object({
  id,
  campaign: id,
  name: z.string(),
  audience_config: id.nullable(),
  audience_name: z.string().nullable(),
  placements: z.array(placementSchema),
  size_bucket: z.union([sizeBucketSchema, z.literal(SIZE_BUCKET_AUTO)]),
  status: audienceStatusSchema,
  x_line_item_id: z.string().nullable(),
  /** The X targeting criteria the ad set was published with (type and value). */
  targeting: z.array(z.object({ type: z.string(), value: z.string(), name: z.string() })),
  ads_count: z.number().int(),
  impressions: z.number().int(),
  spent: z.number(),
  date: isoDateTime,
});
export type Adset = z.infer<typeof adsetSchema>;
export const adsetQuerySchema = z.object({ campaign: rowId });

const adsetFields = {
  name,
  audience_config: rowId,
  placements: z
    .array(placementSchema)
    .min(1, { error: 'Choose at least one placement.' })
    .max(4)
    .transform((p) => [...new Set(p)]),
  size_bucket: z.union([sizeBucketSchema, z.literal(SIZE_BUCKET_AUTO)]),
};
const withAutoBucket = {
  ...adsetFields,
  size_bucket: adsetFields.size_bucket.default(SIZE_BUCKET_AUTO),
};
export const createAdsetSchema = z.object({ campaign: rowId, ...withAutoBucket });
export type CreateAdset = z.input<typeof createAdsetSchema>;
export const updateAdsetSchema = z.object(withAutoBucket);
export const patchAdsetSchema = z.object(adsetFields).partial();

export const adMediaSchema = z.object({
  id,
  team: id,
  name: z.string(),
  mime: z.enum(MEDIA_MIME_TYPES),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
  thumbnail_url: z.string(),
  date: isoDateTime,
});
export type AdMedia = z.infer<typeof adMediaSchema>;
export const teamScopeQuerySchema = z.object({ team: teamRef });
/** `GET /api/campaigns/funding/?team=&ad_account_id=`: the granted ad account a campaign would pay from. */
export const adAccountFundingQuerySchema = z.object({
  team: teamRef,
  ad_account_id: z.string().trim().min(1, { error: 'This field is required.' }).max(64),
});
export const adAccountFundingSchema = z.object({
  ad_account_id: z.string(),
  /** The currency of the account's funding instrument on X, in SPEC §3's list (JPY is YEN). */
  currency: campaignCurrencySchema,
  /** X's own currency code ("JPY"), or null when X lists no usable funding instrument. */
  x_currency: z.string().nullable(),
});
export type AdAccountFunding = z.infer<typeof adAccountFundingSchema>;
export const createAdMediaSchema = z.object({
  team: teamRef,
  /** The `key` a completed upload answered. */
  file: z.string().trim().min(1, { error: 'This field is required.' }).max(200),
  name: name.optional(),
});
export type CreateAdMedia = z.input<typeof createAdMediaSchema>;

export const adCreativeSchema = z.object({
  id,
  team: id,
  name: z.string(),
  text: z.string(),
  media: adMediaSchema.nullable(),
  call_to_action: z.enum(CALLS_TO_ACTION).nullable(),
  url: z.string().nullable(),
  date: isoDateTime,
});
export type AdCreative = z.infer<typeof adCreativeSchema>;
const creativeFields = {
  name,
  text: z
    .string()
    .trim()
    .min(1, { error: 'Text is required' })
    .max(CREATIVE_TEXT_MAX, { error: `Text must be at most ${CREATIVE_TEXT_MAX} characters (X's limit)` }),
  media: rowId.nullable().optional(),
  call_to_action: z.enum(CALLS_TO_ACTION).nullable().optional(),
  url: z
    .url({ protocol: /^https?$/, error: 'Enter a valid URL.' })
    .max(2000)
    .nullable()
    .optional(),
};
export const createAdCreativeSchema = z.object({ team: teamRef, ...creativeFields });
export type CreateAdCreative = z.input<typeof createAdCreativeSchema>;
export const updateAdCreativeSchema = z.object(creativeFields);
export const patchAdCreativeSchema = z.object(creativeFields).partial();

export const adSchema = z.object({
  id,
  adset: id,
  creative: adCreativeSchema,
  status: audienceStatusSchema,
  x_tweet_id: z.string().nullable(),
  x_promoted_tweet_id: z.string().nullable(),
  impressions: z.number().int(),
  spent: z.number(),
});
export type Ad = z.infer<typeof adSchema>;
export const createAdSchema = z.object({ adset: rowId, creative: rowId });
export type CreateAd = z.input<typeof createAdSchema>;

export const statsDaySchema = z.object({
  day: z.string().describe('YYYY-MM-DD (UTC)'),
  impressions: z.number().int(),
  engagements: z.number().int(),
  clicks: z.number().int(),
  spent: z.number(),
});
export const statsTotalSchema = z.object({
  campaign: id,
  currency: campaignCurrencySchema,
  totals: campaignTotalsSchema,
  days: z.array(statsDaySchema),
  /** When delivery was last read from X (null: not yet). */
  synced: isoDateTime.nullable(),
});
export type StatsTotal = z.infer<typeof statsTotalSchema>;

export const reachSchema = z.object({
  campaign: id,
  /** Accounts the ad sets' targeting reaches together (the engine's estimate). */
  size: z.number().int(),
  size_bucket: sizeBucketSchema,
  /** `size` as a figure: Murmur's estimate with its 95 % interval (docs/API.md "Figures"). */
  figure: estimateFigureSchema,
  adsets: z.array(
    z.object({
      id,
      name: z.string(),
      size: z.number().int(),
      size_bucket: sizeBucketSchema,
      figure: estimateFigureSchema,
    }),
  ),
  /**
   * Accounts the delivery has reached at least once, as X reports it (Ads API `stats/accounts/…/
   * reach/campaigns`, total_audience_reach over the whole delivery); 0 before delivery.
   */
  reached: z.number().int(),
  /** X's average frequency: impressions ÷ accounts reached, 2 decimals; 0 before delivery. */
  frequency: z.number(),
  /** When reach and frequency were read from X (null: not yet). */
  reach_synced: isoDateTime.nullable(),
});
export type Reach = z.infer<typeof reachSchema>;

const segmentSchema = z.object({ key: z.string(), label: z.string(), impressions: z.number().int() });
export const segmentationsSchema = z.object({
  campaign: id,
  impressions: z.number().int(),
  country: z.array(segmentSchema),
  age: z.array(segmentSchema),
  gender: z.array(segmentSchema),
  interest: z.array(segmentSchema),
});
export type Segmentations = z.infer<typeof segmentationsSchema>;

/** A campaign's frequency as the screens and the summary PDF show it: always 2 decimals ("1.04"). */
export const formatFrequency = (frequency: number): string => frequency.toFixed(2);

export type SegmentKind = 'country' | 'age' | 'gender' | 'interest';
const GENDER_NAMES: Record<string, { en: string; ja: string }> = {
  male: { en: 'Male', ja: '男性' },
  female: { en: 'Female', ja: '女性' },
  unknown: { en: 'Unknown', ja: '不明' },
};
/**
 * A segment's name in the user's language, from its key: countries by ISO code, genders, age bands
 * ("25-34" → "25〜34歳") and interests (X publishes them in English only; core's Japanese names). The
 * screen and the summary PDF both name segments through this, so they read the same.
 */
export function segmentName(
  kind: SegmentKind,
  segment: { key: string; label: string },
  language: 'en' | 'ja',
): string {
  switch (kind) {
    case 'country': {
      const country = countryByCode(segment.key.toUpperCase());
      return country === undefined ? segment.label : language === 'ja' ? country.nameJa : country.name;
    }
    case 'gender':
      return GENDER_NAMES[segment.key.toLowerCase()]?.[language] ?? segment.label;
    case 'age': {
      if (language === 'en') return segment.label;
      const band = /^(\d+)-(\d+)$/.exec(segment.key);
      if (band) return `${band[1]}〜${band[2]}歳`;
      const over = /^(?:AGE_OVER_)?(\d+)\+?$/.exec(segment.key);
      return over ? `${over[1]}歳以上` : segment.label;
    }
    case 'interest':
      return interestName(segment.label, language);
  }
}

/** A language criterion's value (ISO 639-1, "ja") named in Japanese by the runtime's ICU, if it can. */
function languageNameJa(code: string): string | undefined {
  try {
    const name = new Intl.DisplayNames(['ja'], { type: 'language', fallback: 'none' }).of(code);
    return name === undefined || name === code ? undefined : name;
  } catch {
    return undefined;
  }
}

/**
 * An ad set's X targeting criterion as a user reads it: interests (core's Japanese names) and
 * languages (ICU's) in the interface language — what was sent to X is unchanged — and everything
 * else (keywords, handles: the advertiser's own words) as X names it.
 */
export function criterionName(
  criterion: { type: string; value?: string; name: string },
  language: 'en' | 'ja',
): string {
  if (criterion.type === 'INTEREST') return interestName(criterion.name, language);
  if (criterion.type === 'LANGUAGE' && language === 'ja' && criterion.value !== undefined)
    return languageNameJa(criterion.value) ?? criterion.name;
  return criterion.name;
}

export const campaignSummaryPdfSchema = z.object({ campaign: rowId });
export type CampaignSummaryPdf = z.input<typeof campaignSummaryPdfSchema>;

export const adCategorySchema = z.object({ id, name: z.string(), name_ja: z.string() });
export const adCategoryListSchema = z.array(adCategorySchema);
export type AdCategory = z.infer<typeof adCategorySchema>;

/** POST /api/api/files/policy/: what the browser wants to upload. */
export const filePolicyRequestSchema = z.object({
  team: teamRef,
  filename: z.string().trim().min(1, { error: 'This field is required.' }).max(255),
  content_type: z.enum(MEDIA_MIME_TYPES, {
    error: `Unsupported file type; use ${MEDIA_MIME_TYPES.join(', ')}`,
  }),
  size: z.coerce
    .number()
    .int()
    .min(1, { error: 'The file is empty.' })
    .max(MEDIA_MAX_BYTES, { error: 'The file is larger than 5 MB.' }),
});
export type FilePolicyRequest = z.input<typeof filePolicyRequestSchema>;
/** Where and how to POST the file (a multipart form: `fields`, then `file`). */
export const filePolicySchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  expires: isoDateTime,
});
export type FilePolicy = z.infer<typeof filePolicySchema>;
export const fileCompleteRequestSchema = z.object({
  key: z.string().trim().min(1, { error: 'This field is required.' }).max(200),
});
/** Where the browser posts a file (a multipart form: `fields`, then `file`) when storage is local disk. */
export const fileUploadedSchema = z.object({ key: z.string() });
export const fileCompleteSchema = z.object({
  key: z.string(),
  mime: z.enum(MEDIA_MIME_TYPES),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
  thumbnail_url: z.string(),
});
export type FileComplete = z.infer<typeof fileCompleteSchema>;
