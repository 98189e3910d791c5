import { z } from 'zod';
import { MAX_INVITES_PER_REQUEST, SLUG_PATTERN } from './constants';
import { emailSchema, isoDateTime } from './common';
import { accountRefSchema, membershipLevelSchema } from './user';

export const subscriptionSchema = z.object({
  start: isoDateTime,
  active: z.boolean(),
  plan: z.object({ name: z.string() }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** SPEC §3 team fields. */
export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  member_count: z.number().int(),
  invoice_email: z.string().nullable(),
  country: z.string().nullable(),
  invoice_name: z.string().nullable(),
  subscriptions: z.array(subscriptionSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SLUG_PATTERN, { error: 'Slug may contain only lowercase letters, digits and dashes (at most 50)' });

export const createTeamSchema = z.object({
  name: z.string().trim().min(2, { error: 'Name must be at least 2 characters' }).max(100),
  /** Derived from the name when left out. */
  slug: slugSchema.optional(),
  /** Ad accounts of the creator to grant to the new team (SPEC §7: "then grants chosen accounts"). */
  accounts: z.array(accountRefSchema).max(50).default([]),
});
export type CreateTeam = z.input<typeof createTeamSchema>;

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v === '' ? null : v));

/** PUT replaces every editable field; PATCH sends any subset. */
export const updateTeamSchema = z.object({
  name: z.string().trim().min(2, { error: 'Name must be at least 2 characters' }).max(100),
  logo: nullableText(500),
  invoice_email: z.union([emailSchema, z.literal(''), z.null()]).transform((v) => (v === '' ? null : v)),
  country: nullableText(100),
  invoice_name: nullableText(200),
});
export const patchTeamSchema = updateTeamSchema.partial();
export type UpdateTeam = z.input<typeof updateTeamSchema>;
export type PatchTeam = z.input<typeof patchTeamSchema>;

export const memberSchema = z.object({
  id: z.number().int(),
  level: membershipLevelSchema,
  user: z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() }),
  joined: isoDateTime,
  last_login: isoDateTime.nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** SPEC §3: invite — email, optional message, state pending or sent, joined date, last login. */
export const inviteStateSchema = z.enum(['pending', 'sent']);
export const inviteSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  message: z.string(),
  state: inviteStateSchema,
  created: isoDateTime,
  accepted: z.boolean(),
  joined: isoDateTime.nullable(),
  last_login: isoDateTime.nullable(),
  /** After this instant an unaccepted invitation's code no longer works (resending makes a new one). */
  expires: isoDateTime,
  expired: z.boolean(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const createInvitesSchema = z.object({
  emails: z
    .array(emailSchema)
    .min(1, { error: 'Enter at least one email address' })
    .max(MAX_INVITES_PER_REQUEST),
  message: z.string().trim().max(1000).default(''),
});
export type CreateInvites = z.input<typeof createInvitesSchema>;

/** An admin changes a member's level (the team's last admin cannot step down). */
export const changeMemberSchema = z.object({ level: membershipLevelSchema });
export type ChangeMember = z.input<typeof changeMemberSchema>;

/** An admin hands the team to another member, who becomes admin; the caller becomes a plain member. */
/** `member`: a membership id (PostgreSQL integer: larger ones are refused with a 400, not sent to the database). */
export const transferTeamSchema = z.object({ member: z.number().int().positive().max(2_147_483_647) });
export type TransferTeam = z.input<typeof transferTeamSchema>;

/** Deleting a team is confirmed by typing its name (compared without case or surrounding spaces). */
export const deleteTeamSchema = z.object({ name: z.string().trim().max(200) });
export type DeleteTeam = z.input<typeof deleteTeamSchema>;

export const acceptInviteSchema = z.object({ code: z.string().trim().min(1).max(128) });
export type AcceptInvite = z.input<typeof acceptInviteSchema>;

/** Public team info (SPEC §7 /api/teaminfo/{slug}/). */
export const teamInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
});
export type TeamInfo = z.infer<typeof teamInfoSchema>;
