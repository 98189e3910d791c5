import { z } from 'zod';
import { sizeBucketSchema, targetingPackageSchema } from '../targeting';
import { countFigureSchema, estimateFigureSchema } from '../sampling';
import { estimateSchema } from './audiences';
import { isoDateTime } from './common';

// docs/API-AUDIENCES.md "Catalogues", "Audience store", "Communities" and "Explore-X and the
// audience-builder family": the public catalogue lists and searches, regions, the store of ready-made
// audiences, the network's communities and the builder's explore tools.

const int = z.number().int();
/** Free text a tool reads: trimmed, never empty, bounded (SPEC §8: bad input is a 400, not a 500). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'This field may not be blank.' })
    .max(max, { error: `Ensure this field has no more than ${max} characters.` });

/** An account as the explore tools list it (the engine's AccountSummary in snake_case). */
export const accountSummarySchema = z.object({
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  bio: z.string(),
  followers_count: int,
  following_count: int,
  verified: z.boolean(),
  avatar_url: z.string().optional(),
  /** ISO 3166-1 alpha-2, '' when unknown. */
  country: z.string(),
  /** Language code ("en", "ja"), '' when unknown. */
  language: z.string(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** One entry of a targeting catalogue with the population estimate of accounts carrying it. */
export const catalogueItemSchema = z.object({
  value: z.string().describe('X targeting value'),
  label: z.string(),
  category: z.string().nullable(),
  size: int,
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;
/** A catalogue list's entry: with `size` as a figure, Murmur's estimate with its 95 % interval. */
export const catalogueEntrySchema = catalogueItemSchema.extend({ size_figure: estimateFigureSchema });
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;

export const languagesResponseSchema = z.object({ languages: z.array(catalogueEntrySchema) });
export const networkOperatorsResponseSchema = z.object({ network_operators: z.array(catalogueEntrySchema) });
export const interestsResponseSchema = z.object({ interests: z.array(catalogueEntrySchema) });
export const conversationTopicsResponseSchema = z.object({
  conversation_topics: z.array(catalogueEntrySchema),
});
export const moviesTvShowsResponseSchema = z.object({ movies_tv_shows: z.array(catalogueEntrySchema) });

export const networkOperatorsQuerySchema = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'Enter a two-letter country code.' })
    .transform((c) => c.toUpperCase())
    .optional(),
});

/** SPEC §7: the catalogue searches post `{keywords}`. */
export const catalogueSearchSchema = z.object({ keywords: text(200) });
export type CatalogueSearch = z.input<typeof catalogueSearchSchema>;

export const LOCATION_TYPES = ['country', 'region', 'metro', 'city'] as const;
export const locationTypeSchema = z.enum(LOCATION_TYPES);
export type LocationType = z.infer<typeof locationTypeSchema>;
export const locationsQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  type: locationTypeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const locationSchema = z.object({
  value: z.string(),
  label: z.string(),
  type: locationTypeSchema,
  country_code: z.string(),
  size: int,
  /** `size` as a figure: Murmur's estimate with its 95 % interval (docs/API.md "Figures"). */
  size_figure: estimateFigureSchema,
});
export type Location = z.infer<typeof locationSchema>;
export const locationsResponseSchema = z.object({ locations: z.array(locationSchema) });

/** SPEC §3: the job-title tree. */
export const jobTitlesResponseSchema = z.object({
  categories: z.array(z.object({ name: z.string(), titles: z.array(z.string()) })),
});
export type JobTitles = z.infer<typeof jobTitlesResponseSchema>;

/** SPEC §3: audience region. */
export const audienceRegionSchema = z.object({
  id: int,
  name: z.string(),
  is_single_country: z.boolean(),
  country_codes: z.array(z.string()),
});
export type AudienceRegion = z.infer<typeof audienceRegionSchema>;

// ---- Audience store ----

export const storeAudienceSchema = z.object({
  id: int,
  name: z.string(),
  description: z.string(),
  /** The name and description for Japanese screens (made from the same category, region and interests). */
  name_ja: z.string(),
  description_ja: z.string(),
  category: z.object({ id: int, name: z.string() }),
  region: z.object({ id: int, name: z.string() }),
  country: z.string().nullable(),
  size: int,
  size_bucket: sizeBucketSchema,
  /** `size` as a figure: Murmur's estimate with its 95 % interval (docs/API.md "Figures"). */
  size_figure: estimateFigureSchema,
  targeting_package: targetingPackageSchema,
});
export type StoreAudience = z.infer<typeof storeAudienceSchema>;
export const storeQuerySchema = z.object({
  /** A store category id or name. */
  category: z.string().trim().max(200).optional(),
  /** A region id or name. */
  region: z.string().trim().max(200).optional(),
  search: z.string().trim().max(200).optional(),
});
export const storeListSchema = z.object({ count: int, results: z.array(storeAudienceSchema) });

// ---- Communities ----

/**
 * A community's membership growth between two counts of the live index under one partition (its
 * members among every indexed account, communities.service.ts): `before` and `now` are counts in the
 * index; `estimate` is the growth as Murmur's population estimate with its 95 % interval (null
 * unless it grew).
 */
export const communityGrowthSchema = z.object({
  /** The network's time (X's, the sandbox's simulated clock) of the two counts. */
  from: isoDateTime,
  to: isoDateTime,
  before: countFigureSchema,
  now: countFigureSchema,
  /** now − before, in indexed accounts (negative: it shrank). */
  change: z.number().int(),
  /** change ÷ before (0.031 = +3.1 %); null when it had no member before. */
  relative: z.number().nullable(),
  estimate: estimateFigureSchema.nullable(),
});
export type CommunityGrowth = z.infer<typeof communityGrowthSchema>;

export const communitySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  size: int,
  /** `size` as a figure: Murmur's estimate from the graph sample, with its 95 % interval. */
  size_figure: estimateFigureSchema,
  top_terms: z.array(z.string()),
  top_interests: z.array(z.string()),
  top_accounts: z.array(accountSummarySchema),
  /**
   * How its membership changed over the growth window (docs/API-AUDIENCES.md "Communities"); null
   * when the index holds no earlier count (a static index, or a live one that has not moved yet).
   */
  growth: communityGrowthSchema.nullable(),
  /** How often its terms were searched (build-audience and the explore tools). */
  searches: int,
  targeting_package: targetingPackageSchema,
});
export type CommunitySummary = z.infer<typeof communitySummarySchema>;
export const communitiesQuerySchema = z.object({
  sort: z.enum(['trending', 'most_searched']).default('trending'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type CommunitySort = z.infer<typeof communitiesQuerySchema>['sort'];
/**
 * The window growth is measured over: from the earliest count held within the last 7 days of the
 * network's time to the latest; `from` null when there is no earlier count (trending then lists none).
 */
export const growthWindowSchema = z.object({
  /** The index follows X (a live path runs); false: a static index, whose membership never moves. */
  live: z.boolean(),
  from: isoDateTime.nullable(),
  to: isoDateTime.nullable(),
});
export type GrowthWindow = z.infer<typeof growthWindowSchema>;
export const communitiesResponseSchema = z.object({
  results: z.array(communitySummarySchema),
  growth_window: growthWindowSchema,
});
export const communityQuerySchema = z.object({ id: text(100) });
/** The community and three insights panels of its members (engine panels, camelCase as returned). */
export const communityResponseSchema = z.object({
  community: communitySummarySchema,
  insights: z.object({
    demographics: z.unknown(),
    interests: z.unknown(),
    influentialAccounts: z.unknown(),
  }),
});

// ---- Explore-X and the audience-builder family ----

/** Followers-of, interested-in, posted-about and words-in-profile answer with this. */
export const exploreResultSchema = z.object({
  estimate: estimateSchema,
  targeting_package: targetingPackageSchema,
  sample_accounts: z.array(accountSummarySchema),
});
export type ExploreResult = z.infer<typeof exploreResultSchema>;

/** A keyword list: one string (comma- or newline-separated) or an array of strings. */
const keywordList = z
  .union([text(500), z.array(text(200)).min(1, { error: 'Enter at least one keyword.' }).max(50)])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(/[,、\n]/)).map((k) => k.trim()).filter((k) => k.length > 0),
  )
  .refine((list) => list.length > 0, { error: 'Enter at least one keyword.' })
  .refine((list) => list.length <= 50, { error: 'Enter at most 50 keywords.' });

export const handleSchema = text(100)
  .transform((h) => h.replace(/^@+/, ''))
  .refine((h) => /^[A-Za-z0-9_]{1,50}$/.test(h), { error: 'Enter a valid X handle.' });

export const followersOfSchema = z.object({ handle: handleSchema });

/** POST /api/external/validate-handle/: whether the handle exists on the network, with its account. */
export const validateHandleSchema = z.object({ handle: handleSchema });
export const validateHandleResponseSchema = z.object({
  valid: z.boolean(),
  /** The handle as the network spells it when found, else as given (without '@'). */
  handle: z.string(),
  account: accountSummarySchema.nullable(),
});
export type ValidateHandleResult = z.infer<typeof validateHandleResponseSchema>;
export const interestedInSchema = z.object({ interest: text(200) });
export const postedAboutSchema = z.object({ keywords: keywordList });
export const wordsInProfileSchema = z.object({ words: keywordList });
export const packageBodySchema = z.object({ targeting_package: targetingPackageSchema });

export const suggestInterestsResponseSchema = z.object({
  interests: z.array(catalogueItemSchema.extend({ affinity: z.number() })),
});
export const relatedKeywordsSchema = z.object({ keyword: text(200) });
export const relatedKeywordsResponseSchema = z.object({
  keywords: z.array(z.object({ term: z.string(), affinity: z.number(), count: int })),
});

export const handleAnalysisSchema = z.object({ handle: handleSchema });
export const handleAnalysisResponseSchema = z.object({
  account: accountSummarySchema,
  followers: estimateSchema,
  /** The followers' demographics panel (engine shape). */
  demographics: z.unknown(),
  /** The followers' interests panel (engine shape). */
  interests: z.unknown(),
  top_hashtags: z.array(z.object({ tag: z.string(), count: int })),
  /** The account's posts per hour of the day, UTC. */
  posting_hours: z.array(int).length(24),
});
export type HandleAnalysis = z.infer<typeof handleAnalysisResponseSchema>;

export const descriptionAnalysisSchema = z.object({ description: text(5000) });
export const descriptionAnalysisResponseSchema = z.object({
  keywords: z.array(z.string()),
  interests: z.array(catalogueItemSchema),
  /** Of the keywords and interests found; all zero when the text matched nothing. */
  estimate: estimateSchema,
});

/** The engine's age-groups panel, as it returns it (camelCase). */
export const ageGroupsResponseSchema = z.object({}).catchall(z.unknown());

export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export const sentimentSchema = z.enum(SENTIMENTS);
export type Sentiment = z.infer<typeof sentimentSchema>;
export const topicPostsSchema = z.object({
  keywords: keywordList,
  language: z.enum(['en', 'ja']).optional(),
  limit: z.number().int().min(1).max(100).default(20),
});
export const topicPostSchema = z.object({
  id: z.string(),
  text: z.string(),
  author: accountSummarySchema,
  created: isoDateTime,
  likes: int,
  reposts: int,
  sentiment: sentimentSchema,
  /** Lexicon score in [-1, 1]: (positive − negative hits) / hits. */
  score: z.number(),
});
export const topicPostsResponseSchema = z.object({
  posts: z.array(topicPostSchema),
  sentiment: z.object({ positive: int, neutral: int, negative: int }),
});
export type TopicPost = z.infer<typeof topicPostSchema>;
export type TopicPosts = z.infer<typeof topicPostsResponseSchema>;

/** SPEC §7 competitor analysis: up to 12 handles side by side. */
export const MAX_COMPETITORS = 12;
export const competitorAnalysisSchema = z.object({
  handles: z
    .array(handleSchema)
    .min(1, { error: 'Enter at least one handle.' })
    .max(MAX_COMPETITORS, { error: `Enter at most ${MAX_COMPETITORS} handles.` }),
});
export const competitorSchema = z.object({
  handle: z.string(),
  account: accountSummarySchema,
  followers: estimateSchema,
  demographics: z.unknown(),
  top_interests: z.array(catalogueItemSchema.extend({ affinity: z.number() })),
  /** Population estimate of the followers shared with each other competitor, by handle. */
  overlap: z.record(z.string(), int),
  /** `overlap` as figures: Murmur's estimate of the shared followers with its 95 % interval, by handle. */
  overlap_figures: z.record(z.string(), estimateFigureSchema),
});
export const competitorAnalysisResultSchema = z.object({ competitors: z.array(competitorSchema) });
export type CompetitorAnalysisResult = z.infer<typeof competitorAnalysisResultSchema>;
