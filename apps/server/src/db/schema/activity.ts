import type { ActivityKind } from '@murmur/core/api';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

/**
 * The audit log behind the Activity feed (SPEC §2 "Activity feed"): who did what, recorded by the
 * server (modules/activity). `team_id` is null for what belongs to no team (a sign-in); the feed of
 * a team shows those of its current members.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<ActivityKind>().notNull(),
    /** What it was about, as the user saw it then (an audience's name, invited addresses, a plan). */
    subject: text('subject').notNull().default(''),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_log_team_created_idx').on(t.teamId, t.created),
    index('activity_log_user_created_idx').on(t.userId, t.created),
  ],
);

export type ActivityRow = typeof activityLog.$inferSelect;
