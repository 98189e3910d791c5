import { z } from 'zod';

// SPEC §7 /api/has-pixel/, /api/web-events/, /api/app-events/, /api/account-apps/ (shapes not given by
// SPEC; our reading in docs/API.md): a team's granted X ad account's website tag, its conversion
// events, its mobile app conversion events and its apps, read on X's Ads API with the token of the
// member who granted the account.

/** Which team, and optionally which of its granted X ad accounts (default: the earliest granted). */
export const teamAdAccountQuerySchema = z.object({
  team: z.string().trim().min(1).max(100),
  account_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Enter a valid ad account id.' })
    .optional(),
});
export type TeamAdAccountQuery = z.infer<typeof teamAdAccountQuerySchema>;

/** Whether the ad account has an X website tag (pixel) installed: at least one web event tag. */
export const hasPixelSchema = z.object({
  account_id: z.string(),
  has_pixel: z.boolean(),
  /** Web event tags in all, and those X reports active. */
  events: z.number().int(),
  active_events: z.number().int(),
});
export type HasPixel = z.infer<typeof hasPixelSchema>;

export const webEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** X's conversion type: SITE_VISIT, PURCHASE, DOWNLOAD, SIGN_UP, ADD_TO_CART, CUSTOM… */
  type: z.string(),
  status: z.string(),
  click_window: z.number().int(),
  view_through_window: z.number().int(),
  retargeting_enabled: z.boolean(),
  created_at: z.string().nullable(),
});
export type WebEvent = z.infer<typeof webEventSchema>;
export const webEventsSchema = z.object({ account_id: z.string(), results: z.array(webEventSchema) });
export type WebEvents = z.infer<typeof webEventsSchema>;

export const appEventSchema = z.object({
  id: z.string(),
  app_store_identifier: z.string(),
  os_type: z.string(),
  /** X's conversion type: INSTALL, SIGN_UP, PURCHASE, RE_ENGAGE… */
  conversion_type: z.string(),
  deep_link_scheme: z.string().nullable(),
  post_view_attribution_window: z.number().int(),
  post_engagement_attribution_window: z.number().int(),
  retargeting_enabled: z.boolean(),
});
export type AppEvent = z.infer<typeof appEventSchema>;
export const appEventsSchema = z.object({ account_id: z.string(), results: z.array(appEventSchema) });
export type AppEvents = z.infer<typeof appEventsSchema>;

export const accountAppSchema = z.object({
  id: z.string(),
  app_store_identifier: z.string(),
  os_type: z.string(),
});
export type AccountApp = z.infer<typeof accountAppSchema>;
export const accountAppsSchema = z.object({ account_id: z.string(), results: z.array(accountAppSchema) });
export type AccountApps = z.infer<typeof accountAppsSchema>;
