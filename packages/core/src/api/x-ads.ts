import { z } from 'zod';
import { targetingPackageSchema } from '../targeting';
import { emailSchema, isoDateTime } from './common';

/** X ad account ids: letters and digits (X's are base-36 like "18ce54d4x5t"). */
const adAccountId = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]*$/, { error: 'Enter a valid ad account id.' });

/**
 * SPEC §7 validate ad account: {ad_account_id} → access. Missing id: SPEC §8 "No ad account id
 * provided" (the id is optional here so the service answers that text).
 */
export const adAccountAccessSchema = z.object({ ad_account_id: adAccountId.optional() });
export const adAccountAccessResponseSchema = z.object({ ad_account_id: z.string(), access: z.boolean() });
export type AdAccountAccess = z.infer<typeof adAccountAccessResponseSchema>;

/** SPEC §7 create ad account / create audiences ad account: {account_id, name}. */
export const createAdAccountSchema = z.object({
  account_id: adAccountId.optional(),
  name: z.string().trim().min(1).max(255),
});
export type CreateAdAccountInput = z.infer<typeof createAdAccountSchema>;
export const createdAdAccountSchema = z.object({ id: z.string(), name: z.string(), access: z.literal(true) });
export type CreatedAdAccount = z.infer<typeof createdAdAccountSchema>;

/** Profile settings (SPEC §2): an ad account's ad groups (X's line items) with their ads (promoted posts). */
export const adGroupAdSchema = z.object({ id: z.string(), post_id: z.string(), status: z.string() });
export const adGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  campaign: z.object({ id: z.string(), name: z.string() }),
  ads: z.array(adGroupAdSchema),
});
export type AdGroup = z.infer<typeof adGroupSchema>;
export const adAccountAdGroupsSchema = z.object({
  ad_account_id: z.string(),
  ad_groups: z.array(adGroupSchema),
});
export type AdAccountAdGroups = z.infer<typeof adAccountAdGroupsSchema>;
export const adAccountParamsSchema = z.object({ account_id: adAccountId.pipe(z.string().min(1)) });

export const UPLOAD_STATES = ['processing', 'ready', 'failed'] as const;
export const uploadStateSchema = z.enum(UPLOAD_STATES);

/**
 * An audience uploaded to an ad account on X (SPEC §3 audience: status, targetable, ad account):
 * a saved audience's upload (`audience_config`), or a custom audience a reach plan pushed (the
 * plan's union or one of its steps: `audience_config` null, `audience_plan` the plan while it exists).
 */
export const uploadedAudienceSchema = z.object({
  id: z.number().int(),
  audience_config: z.number().int().nullable(),
  audience_plan: z.number().int().nullable(),
  team: z.object({ id: z.number().int(), slug: z.string() }),
  ad_account: z.object({ id: z.string(), name: z.string() }),
  custom_audience_id: z.string(),
  name: z.string(),
  state: uploadStateSchema,
  targetable: z.boolean(),
  uploaded_count: z.number().int(),
  audience_size: z.number().int(),
  created: isoDateTime,
  checked: isoDateTime,
});
export type UploadedAudience = z.infer<typeof uploadedAudienceSchema>;

export const createUploadedAudienceSchema = z.object({
  audience_config: z.number().int().positive().max(2_147_483_647),
  /** The team whose granted ad account receives it (slug or id); SPEC §5 "a team must be chosen". */
  team: z.string().trim().min(1).max(100).optional(),
  account_id: adAccountId.optional(),
});
export type CreateUploadedAudience = z.infer<typeof createUploadedAudienceSchema>;

export const uploadedAudiencesQuerySchema = z.object({ team: z.string().trim().min(1).max(100) });

/** SPEC §7 check custom audiences: {ad_account_id, custom_audience_names} → custom_audiences[].targetable. */
export const checkCustomAudiencesSchema = z.object({
  ad_account_id: adAccountId.optional(),
  custom_audience_names: z.array(z.string().trim().min(1).max(255)).max(100),
});
export const checkCustomAudiencesResponseSchema = z.object({
  custom_audiences: z.array(z.object({ name: z.string(), targetable: z.boolean() })),
});
export type CheckCustomAudiences = z.input<typeof checkCustomAudiencesSchema>;
export type CheckCustomAudiencesResult = z.infer<typeof checkCustomAudiencesResponseSchema>;

/**
 * POST /api/user/extension-token/: a new extension token (SPEC §6) for the X Pro Targeting extension,
 * tied to the calling session or personal token (docs/API.md "Authentication").
 */
export const extensionTokenSchema = z.object({ token: z.string() });
export type ExtensionToken = z.infer<typeof extensionTokenSchema>;

/** SPEC §9 Japanese agreement: whether the team accepted it, who and when. */
export const japaneseAgreementSchema = z.object({
  required: z.boolean(),
  accepted: z.boolean(),
  accepted_by: z.string().nullable(),
  accepted_at: isoDateTime.nullable(),
});
export type JapaneseAgreement = z.infer<typeof japaneseAgreementSchema>;

/** SPEC §9: at most 3 segments per application under the Japanese agreement. */
export const JAPANESE_AGREEMENT_MAX_SEGMENTS = 3;

/** SPEC §7 audience used in ads create: {ad_account_id, state, audience_config_id, targeting_package, countries}. */
export const createAudienceUsageSchema = z.object({
  ad_account_id: adAccountId.optional(),
  state: z.literal('applied'),
  audience_config_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  targeting_package: targetingPackageSchema,
  countries: z.array(z.string().trim().min(1).max(100)).max(300).default([]),
  team: z.string().trim().min(1).max(100).optional(),
  line_item_id: z.string().trim().max(64).optional(),
});
export type CreateAudienceUsage = z.infer<typeof createAudienceUsageSchema>;

export const audienceUsageSchema = z.object({
  id: z.number().int(),
  ad_account_id: z.string(),
  state: z.string(),
  audience_config_id: z.number().int().nullable(),
  targeting_package: targetingPackageSchema,
  countries: z.array(z.string()),
  line_item_id: z.string().nullable(),
  /** The addresses it was shared with: the owner's view only (a recipient sees just their own). */
  shared_with: z.array(z.string()),
  /** When its live share link stops working; null when it has none (never shared, revoked). */
  share_expires_at: isoDateTime.nullable(),
  autopilot_hours: z.number().int().nullable(),
  next_run_at: isoDateTime.nullable(),
  last_run_at: isoDateTime.nullable(),
  deleted: z.boolean(),
  created: isoDateTime,
});
export type AudienceUsage = z.infer<typeof audienceUsageSchema>;

export const audienceUsagesQuerySchema = z.object({
  /** Include deleted usages (to restore one). */
  deleted: z.enum(['true', 'false']).optional(),
});

/** A share link's lifetime in days (docs/API-AUDIENCES.md "Share links"); links never live forever. */
export const SHARE_LINK_DAYS = [7, 30, 90] as const;
export const DEFAULT_SHARE_LINK_DAYS = 30;
export const shareLinkDaysSchema = z
  .union([z.literal(7), z.literal(30), z.literal(90)])
  .default(DEFAULT_SHARE_LINK_DAYS)
  .describe('Days the link works: 7, 30 or 90 (default 30)');

export const shareAudienceUsageSchema = z.object({
  emails: z.array(emailSchema).min(1).max(50),
  expires_in_days: shareLinkDaysSchema,
});
export const sharedAudienceUsageSchema = z.object({
  usage: audienceUsageSchema,
  signature: z.string(),
  expires_at: isoDateTime,
});
export type SharedAudienceUsage = z.infer<typeof sharedAudienceUsageSchema>;

/** Rotate: a new link (the old one dies at once), working for the days chosen. */
export const rotateShareLinkSchema = z.object({ expires_in_days: shareLinkDaysSchema });
export const shareLinkSchema = z.object({ signature: z.string(), expires_at: isoDateTime });
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const verifySignedUsageSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  signature: z.string().trim().min(1).max(128),
});

export const reorderHandlesSchema = z.object({
  handles: z.array(z.string().trim().min(1).max(100)).max(1000),
});

export const audienceUsageAutopilotSchema = z.object({
  line_item_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  /** Hours between re-applications (1 to 30 days); null stops the autopilot. */
  every_hours: z.number().int().min(1).max(720).nullable(),
});
