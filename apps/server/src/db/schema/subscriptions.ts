import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';

/**
 * SPEC §3 team.subscriptions {start, active, plan.name}; §6 reads the latest-started one. Rows
 * with a provider subscription id are kept by the billing module from verified webhook events only
 * (one row per provider subscription; an upgrade changes its plan, a cancellation its `active`).
 */
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
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    /** billing_plans.code of the current price. */
    planCode: text('plan_code'),
    /** The provider's status: active, past_due, canceled, … */
    status: text('status'),
    currency: text('currency'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The `created` time of the event whose state this row holds: older events are ignored. */
    stateAt: timestamp('state_at', { withTimezone: true }),
  },
  (t) => [index('subscriptions_team_id_idx').on(t.teamId)],
);
