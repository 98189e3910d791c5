import { z } from 'zod';
import { AUDIENCE_CREATOR_GROUP } from './constants';

// SPEC §6: internal staff (a signed-in address on the provider's domain) put users in groups.

/** The groups the product gives a meaning to (SPEC §6). */
export const userGroupNameSchema = z.enum([AUDIENCE_CREATOR_GROUP]);

/** POST /api/staff/user-groups/ and DELETE: whom, and which group. */
export const userGroupChangeSchema = z.object({
  email: z.string().trim().toLowerCase().min(3).max(254),
  group: userGroupNameSchema,
});
export type UserGroupChange = z.output<typeof userGroupChangeSchema>;

/** A user's groups after the change. */
export const userGroupsSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  groups: z.array(z.object({ name: z.string() })),
});
export type UserGroups = z.output<typeof userGroupsSchema>;

/** GET /api/staff/user-groups/?email=: whose groups to look at. */
export const userGroupsQuerySchema = z.object({
  email: z.string().trim().toLowerCase().min(3).max(254),
});

/** GET /api/staff/access/: whether the signed-in user is internal staff (the web shows the staff screen). */
export const staffAccessSchema = z.object({ staff: z.boolean() });
export type StaffAccess = z.output<typeof staffAccessSchema>;
