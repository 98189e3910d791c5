import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';

/** SPEC §3 team.subscriptions {start, active, plan.name}; §6 reads the latest-started one. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    start: timestamp('start', { withTimezone: true }).notNull(),
    active: boolean('active').notNull(),
    planName: text('plan_name').notNull(),
  },
  (t) => [index('subscriptions_team_id_idx').on(t.teamId)],
);
