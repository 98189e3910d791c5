import { z } from 'zod';
import { isoDateTime } from './common';

// SPEC §7 "Analytics tool under /api/external/deepthought/" (Deep Thought, the premium analytics
// suite): the signed-in user's own X accounts, synced from X's API v2 with their own tokens into the
// database, the analyses over the synced copy, follow/unfollow jobs, lists (/api/user/lists/) and
// Talk to X. Every list answer says how fresh the synced copy is (`synced_at`).

const required = z.string().trim().min(1, 'This field is required.');
/** X's numeric ids (snowflakes), as strings. */
export const xIdSchema = z.string().regex(/^\d{1,19}$/, 'Enter a valid X id.');

/** POST /api/external/deepthought/accounts/: the user token from sign in with X, connected for analysis. */
export const connectXAccountSchema = z.object({ access_token: required, access_token_secret: required });
export type ConnectXAccount = z.input<typeof connectXAccountSchema>;

/** One X account the user connected; `selected` is the one the suite shows. */
export const xAccountSchema = z.object({
  id: z.number().int(),
  x_user_id: z.string(),
  username: z.string(),
  name: z.string(),
  selected: z.boolean(),
  synced_at: isoDateTime.nullable(),
});
export type XAccount = z.infer<typeof xAccountSchema>;

export const dtJobKindSchema = z.enum(['sync', 'follow', 'unfollow']);
export const dtJobStateSchema = z.enum(['queued', 'running', 'waiting', 'done', 'failed']);

/**
 * A sync or follow/unfollow job: counts done of total, and while X's rate limit is spent the job
 * waits (`state` waiting) until `wait_until`, X's x-rate-limit-reset.
 */
export const dtJobSchema = z.object({
  id: z.number().int(),
  kind: dtJobKindSchema,
  state: dtJobStateSchema,
  stage: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  failed: z.number().int(),
  wait_until: isoDateTime.nullable(),
  error: z.string().nullable(),
  created: isoDateTime,
  updated: isoDateTime,
});
export type DtJob = z.infer<typeof dtJobSchema>;

/**
 * How old a premium account's synced copy may grow before opening the suite syncs it again by itself
 * (`sync_due`), and how long after a sync started (one that failed, say) none is started by itself.
 */
export const DT_SYNC_REFRESH_MS = 24 * 60 * 60 * 1000;
export const DT_AUTO_SYNC_RETRY_MS = 60 * 60 * 1000;

/** GET /api/external/deepthought/status/: the selected account, the last sync, the job running now. */
export const dtStatusSchema = z.object({
  account: xAccountSchema.nullable(),
  premium: z.boolean(),
  job: dtJobSchema.nullable(),
  /**
   * Whether the suite should start a sync now without being asked: premium, an account never
   * synced or synced more than DT_SYNC_REFRESH_MS ago, no sync running and none started within
   * DT_AUTO_SYNC_RETRY_MS. The web app then posts sync/ once.
   */
  sync_due: z.boolean(),
});
export type DtStatus = z.infer<typeof dtStatusSchema>;

/** An X user as synced, with the spam analysis's score (0–1) and reasons. */
export const dtUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  description: z.string(),
  location: z.string(),
  profile_image_url: z.string(),
  verified: z.boolean(),
  protected: z.boolean(),
  created_at: isoDateTime.nullable(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  tweet_count: z.number().int(),
  spam_score: z.number(),
  spam_reasons: z.array(z.string()),
});
export type DtUser = z.infer<typeof dtUserSchema>;

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
  search: z.string().trim().max(100).optional(),
};

/** GET followers/ and following/: a page of the synced list. */
export const dtUsersQuerySchema = z.object({
  ...pageQuery,
  sort: z.enum(['followers', '-followers', 'spam', '-spam', 'username', '-username']).optional(),
  spam: z.enum(['only', 'exclude']).optional(),
});
export const dtUsersPageSchema = z.object({
  count: z.number().int(),
  synced_at: isoDateTime.nullable(),
  results: z.array(dtUserSchema),
});
export type DtUsersPage = z.infer<typeof dtUsersPageSchema>;

/** GET unfollowers/?since=&until=: who left and who arrived between two dates (from successive syncs). */
export const dtChangesQuerySchema = z.object({
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
});
export const dtChangeSchema = z.object({ user: dtUserSchema, at: isoDateTime });
export const dtChangesSchema = z.object({
  since: isoDateTime,
  until: isoDateTime,
  synced_at: isoDateTime.nullable(),
  /** Syncs inside the range: a change is only seen between two syncs. */
  syncs: z.number().int(),
  unfollowers: z.array(dtChangeSchema),
  new_followers: z.array(dtChangeSchema),
});
export type DtChanges = z.infer<typeof dtChangesSchema>;

export const dtPostSchema = z.object({
  id: z.string(),
  text: z.string(),
  created_at: isoDateTime,
  like_count: z.number().int(),
  retweet_count: z.number().int(),
  reply_count: z.number().int(),
  quote_count: z.number().int(),
  impression_count: z.number().int(),
});
export type DtPost = z.infer<typeof dtPostSchema>;
export const dtPostsPageSchema = z.object({
  count: z.number().int(),
  synced_at: isoDateTime.nullable(),
  results: z.array(dtPostSchema),
});
export const dtPostsQuerySchema = z.object({
  ...pageQuery,
  sort: z.enum(['-created_at', 'created_at', '-like_count', '-impression_count']).optional(),
});
export const dtEngagerSchema = z.object({
  user: dtUserSchema,
  likes: z.number().int(),
  reposts: z.number().int(),
  /** Posts of theirs quoting one of the account's posts. */
  quotes: z.number().int(),
  /** Posts of theirs mentioning or replying to the account. */
  mentions: z.number().int(),
  /** likes + reposts + quotes + mentions. */
  total: z.number().int(),
  /** Their posts the account liked (engagement given back). */
  liked_by_you: z.number().int(),
});
export type DtEngager = z.infer<typeof dtEngagerSchema>;
export const dtPostDetailSchema = z.object({ post: dtPostSchema, engagers: z.array(dtEngagerSchema) });
export type DtPostDetail = z.infer<typeof dtPostDetailSchema>;
export const dtEngagersSchema = z.object({
  synced_at: isoDateTime.nullable(),
  posts_checked: z.number().int(),
  /** Posts mentioning or replying to the account that were read. */
  mentions_checked: z.number().int(),
  results: z.array(dtEngagerSchema),
});
export type DtEngagers = z.infer<typeof dtEngagersSchema>;

export const dtTopicSchema = z.object({ topic: z.string(), count: z.number().int(), share: z.number() });
export const dtTopicsSchema = z.object({
  synced_at: isoDateTime.nullable(),
  /** Posts or accounts read. */
  basis: z.number().int(),
  results: z.array(dtTopicSchema),
});
export type DtTopics = z.infer<typeof dtTopicsSchema>;

/** An IANA time zone name ("Asia/Tokyo"). */
export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Enter a valid time zone.');
export const dtTimeZoneQuerySchema = z.object({ tz: timeZoneSchema.default('UTC') });

export const dtBestTimeSchema = z.object({
  time_zone: z.string(),
  synced_at: isoDateTime.nullable(),
  /** Engagements of followers counted. */
  basis: z.number().int(),
  /** 24 values: share of follower engagement in each hour of the day, in the time zone. */
  hours: z.array(z.number()),
  /** 7 values, Monday first. */
  weekdays: z.array(z.number()),
  best_hours: z.array(z.number().int()),
  best_weekday: z.number().int(),
  /** The account's own posts in the last 7 days (X's post counts) and their hours, as shares. */
  own_posts_7d: z.number().int(),
  own_hours: z.array(z.number()),
});
export type DtBestTime = z.infer<typeof dtBestTimeSchema>;

export const dtPayoutSchema = z.object({
  synced_at: isoDateTime.nullable(),
  posts: z.number().int(),
  impressions_30d: z.number().int(),
  engagements_30d: z.number().int(),
  engagement_rate: z.number(),
  verified_followers: z.number().int(),
  eligible: z.boolean(),
  predicted_usd: z.number(),
  low_usd: z.number(),
  high_usd: z.number(),
  /** The model's constants, so that a screen can state the assumptions in its own language. */
  parameters: z.object({
    verified_impression_share: z.number(),
    rpm_usd: z.number(),
    engagement_bonus_per_point: z.number(),
    max_engagement_bonus: z.number(),
    min_impressions_30d: z.number().int(),
    min_verified_followers: z.number().int(),
    band: z.number(),
  }),
  /** The model and its assumptions in English (API clients; the web app words them from `parameters`). */
  model: z.string(),
  assumptions: z.array(z.string()),
});
export type DtPayout = z.infer<typeof dtPayoutSchema>;

export const dtSpamSchema = z.object({
  synced_at: isoDateTime.nullable(),
  followers_checked: z.number().int(),
  following_checked: z.number().int(),
  spam_followers: z.number().int(),
  spam_following: z.number().int(),
  threshold: z.number(),
  followers: z.array(dtUserSchema),
  following: z.array(dtUserSchema),
});
export type DtSpam = z.infer<typeof dtSpamSchema>;

export const dtStatsSchema = z.object({
  synced_at: isoDateTime.nullable(),
  followers: z.number().int(),
  following: z.number().int(),
  mutuals: z.number().int(),
  posts: z.number().int(),
  likes: z.number().int(),
  reposts: z.number().int(),
  impressions: z.number().int(),
  new_followers_7d: z.number().int(),
  unfollowers_7d: z.number().int(),
  spam_followers: z.number().int(),
  lists: z.number().int(),
});
export type DtStats = z.infer<typeof dtStatsSchema>;

export const dtXStatsQuerySchema = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Enter a two-letter country code.')
    .transform((c) => c.toUpperCase())
    .optional(),
});
export const dtXStatsSchema = z.object({
  synced_at: isoDateTime.nullable(),
  followers: z.number().int(),
  located: z.number().int(),
  countries: z.array(z.object({ country: z.string(), name: z.string(), followers: z.number().int() })),
  country: z.string().nullable(),
  /** The followers in `country` (the 100 with the most followers of their own). */
  accounts: z.array(dtUserSchema),
});
export type DtXStats = z.infer<typeof dtXStatsSchema>;

/** POST /api/user/follow-unfollow/ (and deepthought follow-unfollow/): one or many, as one job. */
export const followUnfollowSchema = z.object({
  action: z.enum(['follow', 'unfollow']),
  user_ids: z.array(xIdSchema).min(1, 'Choose at least one account.').max(1000),
});
export type FollowUnfollow = z.input<typeof followUnfollowSchema>;

export const xListSchema = z.object({
  id: z.number().int(),
  x_list_id: z.string(),
  name: z.string(),
  description: z.string(),
  private: z.boolean(),
  member_count: z.number().int(),
  created: isoDateTime,
});
export type XList = z.infer<typeof xListSchema>;
export const saveXListSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(25, 'Ensure this field has no more than 25 characters.'),
  description: z.string().trim().max(100, 'Ensure this field has no more than 100 characters.').default(''),
  private: z.boolean().default(false),
});
export type SaveXList = z.input<typeof saveXListSchema>;
export const patchXListSchema = saveXListSchema.partial();
export type PatchXList = z.input<typeof patchXListSchema>;
export const xListMembersChangeSchema = z.object({
  add: z.array(xIdSchema).max(100).default([]),
  remove: z.array(xIdSchema).max(100).default([]),
});
export type XListMembersChange = z.input<typeof xListMembersChangeSchema>;
export const xListMembersSchema = z.object({ list: xListSchema, members: z.array(dtUserSchema) });
export type XListMembers = z.infer<typeof xListMembersSchema>;

export const talkToXSchema = z.object({
  question: z.string().trim().min(1, 'This field is required.').max(500),
  tz: timeZoneSchema.default('UTC'),
});
export type TalkToX = z.input<typeof talkToXSchema>;
export const talkToXAnswerSchema = z.object({
  intent: z.string(),
  language: z.enum(['en', 'ja']),
  answer: z.string(),
  figures: z.array(z.object({ label: z.string(), value: z.union([z.string(), z.number()]) })),
  synced_at: isoDateTime.nullable(),
  phrased_by_model: z.boolean(),
});
export type TalkToXAnswer = z.infer<typeof talkToXAnswerSchema>;
