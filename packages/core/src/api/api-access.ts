import { z } from 'zod';
import { isoDateTime } from './common';
import { webhookUrlSchema } from './history';

/**
 * Customer API keys and team webhooks (docs/API-KEYS.md). A key is `mur_` followed by 43 base64url
 * characters; the server keeps its SHA-256 only, so the whole value is shown once, when it is made.
 */
export const API_KEY_PREFIX = 'mur_';

/** What a key may do; each scope opens a fixed list of routes (modules/api-access/api-key-routes.ts). */
export const API_KEY_SCOPES = [
  'audiences:read',
  'audiences:write',
  'insights:run',
  'campaigns:read',
  'webhooks:manage',
] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** Requests a key may make per minute: its own limit, within these bounds. */
export const API_KEY_RATE_LIMIT = { min: 1, max: 6000, default: 120 } as const;

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, { error: 'Give the key a name.' }).max(100),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, { error: 'Choose at least one scope.' })
    .max(API_KEY_SCOPES.length),
  rate_limit_per_minute: z
    .number()
    .int()
    .min(API_KEY_RATE_LIMIT.min)
    .max(API_KEY_RATE_LIMIT.max)
    .default(API_KEY_RATE_LIMIT.default),
});
export type CreateApiKey = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the key (`mur_` and 6 more), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  rate_limit_per_minute: z.number().int(),
  /** Requests the key has made that reached a route (a count). */
  usage_count: z.number().int().min(0),
  last_used_at: isoDateTime.nullable(),
  created: isoDateTime,
  revoked_at: isoDateTime.nullable(),
  created_by: z.object({ id: z.number().int(), email: z.string() }).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);
/** The answer of creating a key: the only time its whole value is sent. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** What a team webhook can be sent for. */
export const WEBHOOK_EVENT_TYPES = [
  'audience.saved',
  'audience.changed',
  'audience.deleted',
  'audience.uploaded',
  /** X finished processing an upload and it can be targeted. */
  'audience.upload_ready',
  /** X finished processing an upload with too few matched accounts to target. */
  'audience.upload_too_small',
  'campaign.published',
  'campaign.paused',
  'campaign.resumed',
  /** X's impressions of a campaign reached 100, 1 000, 10 000, 100 000, 1 000 000 or 10 000 000. */
  'campaign.delivery_milestone',
  /** A history alert rule on a team audience fired (docs/API-AUDIENCES.md "Alerts"). */
  'audience.alert',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

export const createWebhookSchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(webhookEventTypeSchema)
    .min(1, { error: 'Choose at least one event.' })
    .max(WEBHOOK_EVENT_TYPES.length),
});
export type CreateWebhook = z.input<typeof createWebhookSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  created: isoDateTime,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);
/** The answer of creating an endpoint: the only time its signing secret is sent. */
export const createdWebhookSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/** The JSON body of a webhook call, signed in `Murmur-Signature` (docs/API-KEYS.md "Webhooks"). */
export const webhookEventSchema = z.object({
  id: z.string(),
  type: z.union([webhookEventTypeSchema, z.literal('test')]),
  created: isoDateTime,
  team: z.object({ id: z.number().int(), slug: z.string() }),
  /** What the event is about: an audience or a campaign, by id and name as it was then. */
  subject: z.object({
    kind: z.enum(['audience', 'upload', 'campaign', 'test']),
    id: z.number().int().nullable(),
    name: z.string(),
  }),
  /**
   * What happened, for the events that carry more than their subject: `campaign.delivery_milestone`
   * has `metric` ("impressions"), `milestone` and `value`; `audience.alert` has `alert_kind`,
   * `threshold`, `day`, `size` and `size_change` (a fraction, or null).
   */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event_type: z.string(),
  state: z.enum(['pending', 'sent', 'failed']),
  /** Calls made so far (a count). */
  attempts: z.number().int().min(0),
  response_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: isoDateTime.nullable(),
  created: isoDateTime,
  delivered: isoDateTime.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);
