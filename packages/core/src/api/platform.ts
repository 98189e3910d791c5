import { z } from 'zod';
import { isoDateTime, languageSchema } from './common';

// Help content, helper documents and the activity feed (SPEC §2 "Guides, User manual, Help,
// Activity feed"; SPEC §7 "Helper documents: list and download (query id, name; response url)").

/** The three kinds of help text, each a screen of the dashboard. */
export const HELP_KINDS = ['guide', 'manual', 'help'] as const;
export const helpKindSchema = z.enum(HELP_KINDS);
export type HelpKind = z.infer<typeof helpKindSchema>;

export const helpQuerySchema = z.object({
  kind: helpKindSchema.optional(),
  /** Words to find in titles and text; every word must occur (case and width folded). */
  q: z.string().trim().max(200).optional(),
  language: languageSchema.default('en'),
});

export const helpSectionSchema = z.object({ id: z.string(), title: z.string(), body: z.string() });
export type HelpSection = z.infer<typeof helpSectionSchema>;

export const helpArticleSummarySchema = z.object({
  id: z.string(),
  kind: helpKindSchema,
  title: z.string(),
  summary: z.string(),
  /** Titles of the sections that matched the search (all of them without a search). */
  matches: z.array(z.string()),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;

export const helpArticleListSchema = z.object({ results: z.array(helpArticleSummarySchema) });
export type HelpArticleList = z.infer<typeof helpArticleListSchema>;

export const helpArticleSchema = z.object({
  id: z.string(),
  kind: helpKindSchema,
  title: z.string(),
  summary: z.string(),
  sections: z.array(helpSectionSchema),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const helpArticleParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });
export const helpArticleQuerySchema = z.object({ language: languageSchema.default('en') });

/** A downloadable PDF of the help content (SPEC §3 resource family "helper documents"). */
export const helperDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  language: languageSchema,
});
export type HelperDocument = z.infer<typeof helperDocumentSchema>;

export const helperDocumentsQuerySchema = z.object({ language: languageSchema.default('en') });

/** SPEC §7: download by id or name; the answer is the file's url. */
export const helperDocumentDownloadQuerySchema = z
  .object({
    id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    name: z.string().trim().min(1).max(100).optional(),
    language: languageSchema.default('en'),
  })
  .refine((q) => q.id !== undefined || q.name !== undefined, {
    error: 'Give the id or the name of a helper document.',
    path: ['id'],
  });
export const helperDocumentDownloadSchema = z.object({ url: z.string() });
export type HelperDocumentDownload = z.infer<typeof helperDocumentDownloadSchema>;

// ---- the activity feed ----

/** What the server records (modules/activity); the screen names each in both languages. */
export const ACTIVITY_KINDS = [
  'signed_in',
  'audience_saved',
  'audience_updated',
  'audience_deleted',
  'audience_uploaded',
  'audience_applied',
  'member_invited',
  'invite_accepted',
  'invite_revoked',
  'invite_resent',
  'member_removed',
  'member_left',
  'member_level_changed',
  'team_transferred',
  'team_updated',
  'billing_checkout',
  'billing_upgraded',
  'billing_cancelled',
  'agreement_accepted',
  'social_connected',
  'social_disconnected',
  'account_granted',
  'grant_revoked',
  'campaign_published',
  'campaign_paused',
  'campaign_resumed',
  'campaign_deleted',
] as const;
export const activityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKindSchema>;

export const activityQuerySchema = z.object({
  kind: activityKindSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const activityEntrySchema = z.object({
  id: z.number().int(),
  kind: activityKindSchema,
  subject: z.string(),
  created: isoDateTime,
  user: z
    .object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() })
    .nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityListSchema = z.object({
  count: z.number().int(),
  results: z.array(activityEntrySchema),
});
export type ActivityList = z.infer<typeof activityListSchema>;

// ---- team metrics (SPEC §7 /api/metrics/) ----

export const metricsQuerySchema = z.object({
  team: z.string().trim().min(1).max(100),
  /** The recent window, in days. */
  days: z.coerce.number().int().min(1).max(365).default(30),
});

/** How often each recorded kind happened in the team: in the recent window and in all. */
export const metricsSchema = z.object({
  team: z.string(),
  members: z.number().int(),
  days: z.number().int(),
  counts: z.array(z.object({ kind: activityKindSchema, recent: z.number().int(), total: z.number().int() })),
});
export type Metrics = z.infer<typeof metricsSchema>;
