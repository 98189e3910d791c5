import { z } from 'zod';
import { languageSchema } from './common';

export const membershipLevelSchema = z.enum(['admin', 'member']);
export type MembershipLevel = z.infer<typeof membershipLevelSchema>;

export const teamRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

/** SPEC §7 current-user fields. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  language: languageSchema,
  groups: z.array(z.object({ name: z.string() })),
  social_accounts: z.array(z.object({ id: z.number().int(), provider: z.string() })),
  memberships: z.array(z.object({ id: z.number().int(), team: teamRefSchema, level: membershipLevelSchema })),
});
export type User = z.infer<typeof userSchema>;

export const updateMeSchema = z.object({
  first_name: z.string().trim().max(150).optional(),
  last_name: z.string().trim().max(150).optional(),
  language: languageSchema.optional(),
});
export type UpdateMe = z.infer<typeof updateMeSchema>;

/** SPEC §3: ad account {id, name}. */
export const adAccountSchema = z.object({ id: z.string(), name: z.string() });
export type AdAccount = z.infer<typeof adAccountSchema>;

export const adNetworkSchema = z.enum(['twitter', 'facebook', 'google', 'linkedin']);
export const accountRefSchema = z.object({
  account_id: z.string().trim().min(1).max(64),
  network: adNetworkSchema,
});

/** SPEC §3: granted ad account {member, account {account_id, network}}. */
export const grantedAccountSchema = z.object({
  id: z.number().int(),
  member: z.number().int(),
  account: accountRefSchema,
});
export const createGrantedAccountSchema = z.object({
  member: z.number().int().positive(),
  account: accountRefSchema,
});
export type GrantedAccount = z.infer<typeof grantedAccountSchema>;
/**
 * GET /api/teams/{slug}/accounts/: a grant with the ad account's name as its granting member's X
 * account calls it, so every member picks it by name (null when that member's list has lost it).
 */
export const teamAccountSchema = grantedAccountSchema.extend({ name: z.string().nullable() });
export type TeamAccount = z.infer<typeof teamAccountSchema>;
export type CreateGrantedAccount = z.infer<typeof createGrantedAccountSchema>;
