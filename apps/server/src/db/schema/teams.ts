import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users';

/** SPEC §3 team. Billing details (invoice_email, country, invoice_name) are complete only together (§6). */
export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  invoiceEmail: text('invoice_email'),
  country: text('country'),
  invoiceName: text('invoice_name'),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});

/** SPEC §6: a member's level on a team; "admin" makes the user a team admin. */
export const MEMBERSHIP_LEVELS = ['admin', 'member'] as const;

export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level', { enum: MEMBERSHIP_LEVELS }).notNull(),
    joined: timestamp('joined', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.teamId, t.userId), index('memberships_user_id_idx').on(t.userId)],
);

export type TeamRow = typeof teams.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
