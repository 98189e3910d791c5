import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

/** SPEC §3 invite: state pending until the invitation mail has been handed to the mail server. */
export const INVITE_STATES = ['pending', 'sent'] as const;

export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    message: text('message').notNull().default(''),
    state: text('state', { enum: INVITE_STATES }).notNull().default('pending'),
    codeHash: text('code_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The code works until then (INVITE_TTL_DAYS after it was made or last resent). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('invites_team_id_idx').on(t.teamId)],
);

export type InviteRow = typeof invites.$inferSelect;
